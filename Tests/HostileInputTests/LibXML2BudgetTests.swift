import HTMLImport
import RenderCore
import Testing

/// The two inputs on which libxml2 2.9.14 is quadratic stop at a budget counted before it
/// sees the bytes, with an error naming the limit; the same shapes within budget import.
@Suite struct LibXML2BudgetTests {
  static let attributeBomb =
    "<p " + (0..<150_000).map { "a\($0)=\"\"" }.joined(separator: " ") + ">x</p>"
  static let endTagBomb =
    String(repeating: "<b>", count: 150_000) + String(repeating: "</i>", count: 120_000)

  @Test func manyAttributesOnOneElementStopAtTheBudget() {
    #expect(
      throws: RenderError.limitExceeded(
        limit: "HTML attributes on one element", value: 150_000, maximum: 1_000)
    ) { try HTMLImporter().importDocument(html: Self.attributeBomb) }
  }

  @Test func strayEndTagsStopAtTheBudget() {
    #expect(
      throws: RenderError.limitExceeded(
        limit: "HTML end tags that match no open element", value: 10_001, maximum: 10_000)
    ) { try HTMLImporter().importDocument(html: Self.endTagBomb) }
  }

  @Test func theSanitizerIsHeldToTheSameBudgets() {
    #expect(throws: RenderError.self) { try HTMLSanitizer().sanitize(html: Self.endTagBomb) }
  }

  @Test func withinTheBudgetsTheSameShapesImport() throws {
    let attributes = "<p " + (0..<1_000).map { "a\($0)=\"v\"" }.joined(separator: " ") + ">x</p>"
    let paragraph = try HTMLImporter().importDocument(html: attributes)
    #expect(paragraph.nodes.first { $0.name == "p" }?.attributes.count == 1_000)
    // End tags that match open elements, quoted `>` and raw text are not counted as stray.
    let matched =
      String(repeating: "<i>", count: 20_000) + String(repeating: "</i>", count: 20_000)
      + "<a title=\"</b>\">t</a><script>" + String(repeating: "</u>", count: 20_000)
      + "</script><!-- " + String(repeating: "</u>", count: 20_000) + " -->" + "</i>"
    let document = try HTMLImporter().importDocument(html: matched)
    #expect(document.textContent(of: document.root).hasPrefix("t"))
    var limits = HTMLImportLimits()
    limits.maximumUnmatchedEndTags = 200_000
    _ = try HTMLImporter(limits: limits).importDocument(
      html: String(repeating: "</i>", count: 10_100))
  }
}
