/// A CSS stylesheet: parsed tolerantly, applied by the cascade to documents, and embedded
/// as-is in HTML pages.
public struct Stylesheet: Sendable, Hashable {
  /// The CSS text as given.
  public let source: String

  /// Parses `css`.
  public init(css: String) {
    source = css
  }
}
