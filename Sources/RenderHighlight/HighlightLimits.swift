/// The bounds one highlighting call keeps to; past any of them the block is left plain.
public struct HighlightLimits: Sendable, Hashable {
  /// The largest block highlighted, in UTF-8 bytes.
  public var maximumBlockBytes: Int
  /// The longest line highlighted, in UTF-8 bytes: the highlighter's time per line grows
  /// faster than the line's length, so this bound makes its time per byte bounded.
  public var maximumLineBytes: Int
  /// The processor time one block may take, in seconds.
  public var budgetSeconds: Double

  /// Limits of the given values.
  public init(maximumBlockBytes: Int, maximumLineBytes: Int, budgetSeconds: Double) {
    self.maximumBlockBytes = maximumBlockBytes
    self.maximumLineBytes = maximumLineBytes
    self.budgetSeconds = budgetSeconds
  }

  /// Room for any hand-written code block; a minified file or generated data is left plain.
  public static let `default` = HighlightLimits(
    maximumBlockBytes: 256 * 1024, maximumLineBytes: 1_000, budgetSeconds: 0.25)
}
