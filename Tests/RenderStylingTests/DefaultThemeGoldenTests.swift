import Foundation
import RenderCore
import RenderStyling
import TestSupport
import Testing

/// The default theme's computed styles for a document with one of each common element, in both
/// schemes, against goldens under `Tests/Fixtures/Styling` (regenerate them by hand when the
/// theme changes, and read the diff).
@Suite("Default theme goldens")
struct DefaultThemeGoldenTests {
  static func sampleDocument() -> Document {
    var page = StylingTestDocument()
    page.element("head")
    let heading = page.element("h1", text: "Title")
    page.element("em", text: "styled", under: heading)
    page.element("h2", text: "Section")
    page.element("h6", text: "Small heading")
    let paragraph = page.element("p", text: "Text with ")
    page.element("a", ["href": "https://example.com"], text: "a link", under: paragraph)
    page.element("code", text: "code", under: paragraph)
    page.element("strong", text: "strong", under: paragraph)
    page.element("del", text: "gone", under: paragraph)
    page.element("sup", text: "1", under: paragraph)
    let quote = page.element("blockquote")
    page.element("p", text: "Quoted", under: quote)
    let list = page.element("ul")
    let item = page.element("li", text: "item", under: list)
    let nested = page.element("ol", under: item)
    page.element("li", text: "nested", under: nested)
    let pre = page.element("pre")
    page.element("code", ["class": "language-swift"], text: "let x = 1", under: pre)
    let table = page.element("table")
    let row = page.element("tr", under: table)
    page.element("th", text: "Head", under: row)
    page.element("td", text: "Cell", under: row)
    page.element("hr")
    return page.document
  }

  @Test(arguments: ColorScheme.allCases)
  func computedStylesMatchTheGolden(scheme: ColorScheme) throws {
    let document = Self.sampleDocument()
    let lines = ComputedStyleSummary.lines(
      of: document, styles: try Stylesheet.default.cascade(document, colorScheme: scheme))
    let url = SharedFixtures.packageRoot
      .appendingPathComponent("Tests/Fixtures/Styling/default-theme.\(scheme.rawValue).txt")
    let golden = try String(contentsOf: url, encoding: .utf8)
    #expect(lines.joined(separator: "\n") + "\n" == golden)
  }
}
