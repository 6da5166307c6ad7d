/// HTML produced by an engine: the body content, without `<html>`, `<head>` or styles.
public struct HTMLFragment: Sendable, Hashable, CustomStringConvertible {
  /// The HTML text.
  public var html: String
  /// The identifier of the engine that produced it.
  public var engineID: String

  /// Wraps HTML produced by the engine `engineID`.
  public init(html: String, engineID: String) {
    self.html = html
    self.engineID = engineID
  }

  /// The HTML text.
  public var description: String { html }
}
