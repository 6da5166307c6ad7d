import Foundation
import RenderCore
import RenderStyling
import TestSupport
import Testing

/// Goldens under `Tests/Fixtures/Styling`: a stylesheet and the diagnostics it must produce.
@Suite("Stylesheet fixtures")
struct StylesheetFixtureTests {
  private static let directory = SharedFixtures.packageRoot
    .appendingPathComponent("Tests/Fixtures/Styling")

  @Test func brokenStylesheetDiagnosticsMatchTheGolden() throws {
    let css = try String(
      contentsOf: Self.directory.appendingPathComponent("broken.css"), encoding: .utf8)
    let golden = try String(
      contentsOf: Self.directory.appendingPathComponent("broken.diagnostics.txt"), encoding: .utf8)
    let sheet = try Stylesheet(css: css)
    #expect(sheet.diagnostics.map(\.description).joined(separator: "\n") + "\n" == golden)
    #expect(sheet.hasDarkVariant)
  }

  @Test func brokenStylesheetKeepsItsValidRules() throws {
    let css = try String(
      contentsOf: Self.directory.appendingPathComponent("broken.css"), encoding: .utf8)
    let sheet = try Stylesheet(css: css)
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let pre = page.element("pre", text: "y")
    let emphasis = page.element("em", text: "z", under: paragraph)
    let light = try sheet.cascade(page.document, colorScheme: .light)
    #expect(light[page.body].color?.hex == "#333333")
    #expect(light[paragraph].margin.top == 16)
    #expect(light[paragraph].fontWeight == 700)
    #expect(light[pre].whiteSpace == .pre)
    #expect(light[emphasis].italic)
    let dark = try sheet.cascade(page.document, colorScheme: .dark)
    #expect(dark[paragraph].color?.hex == "#eeeeee")
    #expect(dark[paragraph].display == .block)
  }
}
