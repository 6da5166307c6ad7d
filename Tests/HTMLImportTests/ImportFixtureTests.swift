import Foundation
import HTMLImport
import RenderCore
import TestSupport
import Testing

/// Each `Tests/Fixtures/Import/NAME.html` imports to the outline in `NAME.outline` (checked by
/// eye). Set `RENDER_UPDATE_GOLDENS=1` to rewrite the outlines after a deliberate change.
@Suite struct ImportFixtureTests {
  static let families = [
    "blocks", "inline", "lists", "tables", "preformatted", "hidden", "forms", "foreign",
    "malformed", "entities",
  ]

  @Test(arguments: families)
  func importsFixtureToItsGoldenOutline(_ family: String) throws {
    let html = try String(
      contentsOf: SharedFixtures.fixture("Fixtures/Import/\(family).html"), encoding: .utf8)
    let outline = DocumentOutline.render(try HTMLImporter().importDocument(html: html))
    let golden = SharedFixtures.fixture("Fixtures/Import/\(family).outline")
    if ProcessInfo.processInfo.environment["RENDER_UPDATE_GOLDENS"] == "1" {
      try outline.write(to: golden, atomically: true, encoding: .utf8)
    }
    #expect(outline == (try String(contentsOf: golden, encoding: .utf8)))
  }
}
