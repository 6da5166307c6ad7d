import Foundation
import RenderCore
import RenderStyling
import TestSupport
import Testing

/// What the cascade says about each `<link rel="stylesheet">` it did not load.
@Suite("Linked stylesheets")
struct LinkedStylesheetDiagnosticTests {
  @Test func everyRefusedLinkIsDiagnosed() throws {
    var page = StylingTestDocument()
    for href in [
      "css/site.css", "../Styling/broken.css", "/etc/hostname", "http://example.com/x.css",
      "missing.css",
    ] {
      page.element("link", ["rel": "stylesheet", "href": href], under: page.html)
    }
    page.element("link", ["rel": "alternate stylesheet", "href": "css/alternate.css"])
    let paragraph = page.element("p", text: "x")
    let folder = SharedFixtures.fixture("Fixtures/LinkedStyles")
    let styles = try Stylesheet.default.cascade(
      page.document, colorScheme: .light, linkedStylesheetFolder: folder)
    #expect(styles[paragraph].color?.hex == "#123456")
    #expect(
      styles.documentDiagnostics.map(\.message) == [
        "linked stylesheet \"../Styling/broken.css\" not loaded: it is outside the document's folder",
        "linked stylesheet \"/etc/hostname\" not loaded: only a relative path inside the"
          + " document's folder is loaded",
        "linked stylesheet \"http://example.com/x.css\" not loaded: only a relative path inside"
          + " the document's folder is loaded",
        "linked stylesheet \"missing.css\" not loaded: no such file",
      ])
  }
}
