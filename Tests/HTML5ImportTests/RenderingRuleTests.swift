import Foundation
import HTML5Import
import HTMLImport
import RenderCore
import RenderStyling
import RenderText
import TestSupport
import Testing

/// Each `Tests/Fixtures/Rules/NAME.html` shows, through either importer, the plain text in
/// `NAME.txt` (written by hand from what a browser shows): the rendering rules styled text
/// applies whichever importer built the tree.
@Suite struct RenderingRuleTests {
  static let rules = [
    "details", "dialog", "select", "svg", "mathml", "template", "noscript", "textarea", "embedded",
  ]

  static let importers: [(String, any HTMLImporting)] = [
    ("html5", HTML5Importer()), ("libxml2", HTMLImporter()),
  ]

  @Test(arguments: rules)
  func bothImportersShowWhatABrowserShows(_ rule: String) throws {
    let html = try String(
      contentsOf: SharedFixtures.fixture("Fixtures/Rules/\(rule).html"), encoding: .utf8)
    let expected = try String(
      contentsOf: SharedFixtures.fixture("Fixtures/Rules/\(rule).txt"), encoding: .utf8)
    for (name, importer) in Self.importers {
      let document = try importer.importDocument(html: html)
      let styled = StyledText(
        document: document, styles: try Stylesheet.default.cascade(document, colorScheme: .light))
      #expect(styled.plainText == expected, "\(rule) through \(name)")
    }
  }
}
