/// What `render` reads: Markdown or HTML.
enum InputFormat: String, CaseIterable {
  case markdown
  case html

  /// The format a file's extension suggests; Markdown for anything not HTML and for stdin.
  static func guess(forPath path: String) -> InputFormat {
    let lowered = path.lowercased()
    return [".html", ".htm", ".xhtml"].contains { lowered.hasSuffix($0) } ? .html : .markdown
  }
}
