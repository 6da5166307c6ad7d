import Foundation
import TestSupport
import Testing

/// `render --engine md4c` for every `--to`: each format carries the document's content, with
/// the GFM constructs md4c reads (table, task list, strikethrough, `www.` autolink, fenced code).
@Suite struct MD4CFormatTests {
  let document = SharedFixtures.fixture("Fixtures/Render/gfm-features.md").path
  /// Words from every block of the fixture, in document order (one word of the code, which
  /// highlighting splits into runs).
  let words = [
    "Release notes", "old", "www.example.org", "Engine", "fast", "shipped", "pending", "answer",
  ]

  func render(to format: String, _ extra: [String] = []) -> CommandRun {
    CommandRun(["--engine", "md4c", "--to", format, document] + extra)
  }

  /// Whether `words` occur in `text` in this order.
  func inOrder(_ text: String) -> Bool {
    var rest = text[...]
    for word in words {
      guard let range = rest.range(of: word) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }

  @Test(arguments: ["fragment", "page"])
  func htmlFormatsHaveTheMarkup(_ format: String) {
    let run = render(to: format)
    #expect(run.status == .success, "\(run.error)")
    let html = run.output
    #expect(inOrder(html))
    for markup in [
      "<h1", "<del>old</del>", "<a href=\"http://www.example.org\">", "<table>",
      "<th align=\"left\">Engine</th>", "<td align=\"right\">fast</td>", "type=\"checkbox\"",
      "class=\"language-swift\"",
    ] {
      #expect(html.contains(markup), "\(format) lacks \(markup)")
    }
    // Exactly one checked box: the first item.
    #expect(html.components(separatedBy: "checked").count == 2)
    #expect(html.contains("<html") == (format == "page"))
    if format == "page" { #expect(html.contains("<title>Release notes</title>")) }
  }

  @Test func textHasEveryBlockAndNoMarkup() {
    let run = render(to: "text")
    #expect(run.status == .success, "\(run.error)")
    #expect(inOrder(run.output))
    #expect(!run.output.contains("<") && !run.output.contains("~~") && !run.output.contains("```"))
    // The table's cells share a line; the task items are two lines.
    #expect(
      run.output.split(separator: "\n").contains { $0.contains("md4c") && $0.contains("fast") })
    #expect(
      run.output.split(separator: "\n").filter { $0.contains("shipped") || $0.contains("pending") }
        .count == 2)
  }

  @Test func jsonHasTheTextAndRuns() throws {
    let run = render(to: "json")
    #expect(run.status == .success, "\(run.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let text = try #require(object["text"] as? String)
    #expect(inOrder(text))
    let runs = try #require(object["runs"] as? [[String: Any]])
    #expect(runs.count > 5)
  }

  @Test func terminalHasEveryBlockStyled() {
    let run = render(to: "terminal", ["--color", "always"])
    #expect(run.status == .success, "\(run.error)")
    #expect(inOrder(run.output))
    #expect(run.output.contains("\u{1B}["))
    // Struck text is drawn with SGR 9, not with tildes.
    #expect(
      run.output.contains("\u{1B}[9m") || run.output.contains("\u{1B}[9;")
        || run.output.contains(";9m") || run.output.contains(";9;"))
    #expect(!run.output.contains("~~"))
  }
}
