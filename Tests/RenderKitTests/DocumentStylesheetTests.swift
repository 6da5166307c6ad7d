import Foundation
import RenderKit
import TestSupport
import Testing

/// The document's own CSS through the importer: `<style>` elements in document order after the
/// configured stylesheet, presentational attributes below author CSS
/// (`Tests/Fixtures/Styling/Document/own-css.html`).
@Suite("Document stylesheets")
struct DocumentStylesheetTests {
  private struct Page {
    let document: Document
    let styles: CascadedStyles

    func style(ofID id: String) throws -> ComputedStyle {
      let node = try #require(document.nodes.indices.first { document.nodes[$0].id == id })
      return styles[node]
    }
  }

  private static func page(css: String = "", documentStyles: Bool = true) throws -> Page {
    let url = SharedFixtures.fixture("Fixtures/Styling/Document/own-css.html")
    let document = try HTMLImporter().importDocument(
      html: try String(contentsOf: url, encoding: .utf8))
    let styles = try Stylesheet(css: css).cascade(
      document, colorScheme: .light, documentStyles: documentStyles)
    return Page(document: document, styles: styles)
  }

  @Test func styleElementsApplyInDocumentOrder() throws {
    let page = try Self.page()
    #expect(try page.style(ofID: "first").color?.hex == "#112233")
    #expect(try page.style(ofID: "second").color?.hex == "#445566")
    #expect(try page.style(ofID: "second").fontSize == 20)
  }

  @Test func styleElementsComeAfterTheConfiguredStylesheet() throws {
    // Same specificity: the document's rule is later, so it wins over the configured one.
    let page = try Self.page(css: "p { color: #000001 } #first { font-weight: bold }")
    #expect(try page.style(ofID: "first").color?.hex == "#112233")
    #expect(try page.style(ofID: "first").fontWeight == 700)
  }

  @Test func printOnlyStyleIsIgnored() throws {
    #expect(try Self.page().style(ofID: "first").color?.hex != "#999999")
  }

  @Test func styleContentIsNotText() throws {
    let page = try Self.page()
    let text = StyledText(document: page.document, styles: page.styles).plainText
    #expect(!text.contains("color"))
    #expect(text.contains("First paragraph."))
  }

  @Test func documentStylesCanBeTurnedOff() throws {
    let page = try Self.page(documentStyles: false)
    #expect(try page.style(ofID: "second").fontSize != 20)
    #expect(try page.style(ofID: "first").color?.hex == "#008000")
  }

  @Test func presentationalAttributesMapAsHTMLSays() throws {
    let page = try Self.page()
    #expect(try page.style(ofID: "plain").color?.hex == "#008000")
    let font = try page.style(ofID: "font")
    #expect(font.color?.hex == "#ff0000")
    #expect(font.fontSize == 24)  // size=+2 → 5 → x-large
    #expect(font.monospace)
    #expect(try page.style(ofID: "small").fontSize == 10)  // size=1 → x-small
    #expect(try page.style(ofID: "aligned").textAlign == .center)
  }

  @Test func authorCSSBeatsPresentationalAttributes() throws {
    let page = try Self.page(css: "font { color: #0000ff } body { color: #000002 }")
    #expect(try page.style(ofID: "font").color?.hex == "#0000ff")
    #expect(try page.style(ofID: "plain").color?.hex == "#000002")
    #expect(try page.style(ofID: "overridden").color?.hex == "#abcdef")
  }
}
