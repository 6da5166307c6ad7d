/// The budgets that keep hostile front matter from exhausting the host. Each one passed is a
/// `RenderError.limitExceeded` naming it.
///
/// The defaults are far beyond any real front matter (a few dozen keys, two or three levels)
/// and small enough that the worst input is read in milliseconds:
/// - 1 MiB of YAML;
/// - 64 levels of nested sequences and mappings;
/// - 100,000 values in all, where each use of an alias counts every value it repeats, so an
///   alias bomb ("billion laughs": aliases of aliases, doubling at each level) stops early;
/// - 1,000 aliases.
///
/// ```swift
/// var limits = FrontMatterLimits()
/// limits.maximumDepth = 8
/// let reader = FrontMatterReader(limits: limits)
/// ```
public struct FrontMatterLimits: Sendable, Hashable {
  /// The largest YAML block accepted, in UTF-8 bytes.
  public var maximumBytes: Int
  /// The deepest nesting of sequences and mappings.
  public var maximumDepth: Int
  /// The most values (scalars, sequences, mappings), counting those repeated through aliases.
  public var maximumValues: Int
  /// The most aliases (`*name`).
  public var maximumAliases: Int

  /// Creates limits; every argument defaults to the documented default.
  public init(
    maximumBytes: Int = 1 << 20, maximumDepth: Int = 64, maximumValues: Int = 100_000,
    maximumAliases: Int = 1_000
  ) {
    self.maximumBytes = maximumBytes
    self.maximumDepth = maximumDepth
    self.maximumValues = maximumValues
    self.maximumAliases = maximumAliases
  }
}
