/// Rewrites the comment marker `<!-- toc -->` into the paragraph marker `[[_TOC_]]` before an
/// engine reads the Markdown, so that every engine, safe or not, leaves a paragraph the
/// ``TableOfContents`` can be put in place of (a comment is omitted or escaped in safe output,
/// and never reaches a ``Document``).
///
/// Only a line that holds nothing but the comment (up to three spaces before it, any letter
/// case, blanks after) is rewritten, and none inside a fenced code block. The line count and
/// every other byte stay as they were.
///
/// ```swift
/// TableOfContentsMarker.normalize("# A\n\n<!-- toc -->\n\n## B\n")  // "# A\n\n[[_TOC_]]\n\n## B\n"
/// ```
public enum TableOfContentsMarker {
  /// The paragraph marker every engine renders as a paragraph of its own.
  public static let paragraph = "[[_TOC_]]"

  /// `markdown` with each `<!-- toc -->` line rewritten; `markdown` itself when it has none.
  public static func normalize(_ markdown: String) -> String {
    guard markdown.contains("<!--") else { return markdown }
    var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    var fence: (character: Character, length: Int)?
    var changed = false
    for index in lines.indices {
      let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
      if let open = fence {
        let run = trimmed.prefix { $0 == open.character }.count
        if run >= open.length, trimmed.dropFirst(run).allSatisfy(\.isWhitespace) { fence = nil }
      } else if let character = trimmed.first, character == "`" || character == "~" {
        let run = trimmed.prefix { $0 == character }.count
        if run >= 3 { fence = (character, run) }
      } else if isMarker(lines[index]) {
        lines[index] = Substring(paragraph)
        changed = true
      }
    }
    return changed ? lines.joined(separator: "\n") : markdown
  }

  private static func isMarker(_ line: Substring) -> Bool {
    let indent = line.prefix { $0 == " " }.count
    guard indent <= 3 else { return false }
    let rest = line.dropFirst(indent)
    let body = rest.lowercased().trimmingWhitespace
    return body == "<!-- toc -->" || body == "<!--toc-->"
  }
}
