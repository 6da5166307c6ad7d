/// How the report is printed on standard output.
package enum OutputFormat: String, Sendable, Hashable, Codable, CaseIterable {
  /// Aligned columns for a terminal.
  case table
  /// The stable JSON form (see the README).
  case json
  /// GitHub-flavoured Markdown tables, for pasting into a README or an issue.
  case markdown
}
