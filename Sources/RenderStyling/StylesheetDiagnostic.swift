/// Something the stylesheet parser dropped, where, and why.
///
/// Parsing is tolerant, as in browsers: an invalid declaration or rule is skipped and the rest
/// of the stylesheet still applies. Each skip is reported once.
///
/// ```swift
/// let sheet = try Stylesheet(css: "p { color: nope }")
/// sheet.diagnostics.first?.description
/// // "1:5: declaration \"color: nope\" dropped: \"nope\" is not a colour"
/// ```
public struct StylesheetDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line of the dropped construct's start.
  public let line: Int
  /// The 1-based column (in Unicode scalars) of the dropped construct's start.
  public let column: Int
  /// What was dropped and why.
  public let message: String

  /// Creates a diagnostic.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line:column: message`.
  public var description: String { "\(line):\(column): \(message)" }
}
