/// What `render` writes.
enum OutputFormat: String, CaseIterable {
  /// The HTML fragment (the default).
  case fragment
  /// A standalone HTML page with the stylesheet embedded.
  case page
  /// Plain text, as a reader sees the styled text.
  case text
  /// The styled text as JSON: text, runs, blocks.
  case json
  /// The styled text for a terminal, with ANSI styles when colour is on.
  case terminal

  /// Whether the output is written from ``StyledText``: plain text, JSON or terminal.
  var isStyledText: Bool { self == .text || self == .json || self == .terminal }
}
