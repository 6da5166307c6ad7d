/// What a document file holds: Markdown, or HTML to import.
public enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
  /// Markdown, rendered by the configured engine.
  case markdown
  /// HTML from any source, taken as the fragment (sanitized when the configuration says so).
  case html

  /// The format a file's extension suggests: HTML for `.html`, `.htm` and `.xhtml`, else
  /// Markdown.
  ///
  /// ```swift
  /// DocumentFormat.guess(forPath: "notes.md")    // .markdown
  /// DocumentFormat.guess(forPath: "index.HTML")  // .html
  /// ```
  public static func guess(forPath path: String) -> DocumentFormat {
    let lowered = path.lowercased()
    return [".html", ".htm", ".xhtml"].contains { lowered.hasSuffix($0) } ? .html : .markdown
  }
}
