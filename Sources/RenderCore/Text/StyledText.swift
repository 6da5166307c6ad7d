/// Text with style runs and block layout: what HTML import and the cascade produce, and
/// what the Foundation, terminal and plain-text outputs read.
///
/// Offsets count Unicode scalars of ``string``. Runs cover the string without gaps or
/// overlaps, in order; each block is one paragraph-level unit.
///
/// ```swift
/// let styled = try renderer.styledText(markdown: "# Title\n\nSome *text*.")
/// for run in styled.runs where run.style.italic { … }
/// let attributed = AttributedString(styled)
/// ```
public struct StyledText: Sendable, Hashable {
  /// A range of the text with one style.
  public struct Run: Sendable, Hashable {
    /// The run's Unicode scalar offsets into ``StyledText/string``.
    public var range: Range<Int>
    /// Its style.
    public var style: TextStyle

    /// Creates a run.
    public init(range: Range<Int>, style: TextStyle) {
      self.range = range
      self.style = style
    }
  }

  /// The text, blocks separated by newlines; list markers and table separators included.
  public var string: String
  /// The style runs, in order, covering ``string``.
  public var runs: [Run]
  /// The blocks, in order.
  public var blocks: [TextBlock]

  /// Creates styled text from its parts.
  public init(string: String = "", runs: [Run] = [], blocks: [TextBlock] = []) {
    self.string = string
    self.runs = runs
    self.blocks = blocks
  }
}
