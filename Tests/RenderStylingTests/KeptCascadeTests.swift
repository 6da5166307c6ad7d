import RenderCore
import RenderStyling
import Testing

/// A stylesheet keeps its finished cascades for later documents; what it hands the next
/// document must be what a fresh cascade would.
@Suite("Cascades kept across documents")
struct KeptCascadeTests {
  /// `<html class=…><body><p>text</p><em>text</em></body></html>`, and the `p` and `em`.
  private func page(htmlClass: String? = nil) -> (Document, p: Int, em: Int) {
    var document = Document()
    let html = document.appendElement(
      "html", attributes: htmlClass.map { [.init(name: "class", value: $0)] } ?? [],
      to: document.root)
    let body = document.appendElement("body", to: html)
    let paragraph = document.appendElement("p", to: body)
    document.appendText("text", to: paragraph)
    let emphasis = document.appendElement("em", to: body)
    document.appendText("text", to: emphasis)
    return (document, paragraph, emphasis)
  }

  @Test func eachStylesheetKeepsItsOwnStyles() throws {
    let red = try Stylesheet(css: "p { color: #aa0000 }")
    let blue = try Stylesheet(css: "p { color: #0000aa }")
    let (document, paragraph, _) = page()
    for _ in 0..<3 {
      #expect(try red.cascade(document, colorScheme: .light)[paragraph].color?.hex == "#aa0000")
      #expect(try blue.cascade(document, colorScheme: .light)[paragraph].color?.hex == "#0000aa")
    }
  }

  @Test func eachSchemeKeepsItsOwnStyles() throws {
    let sheet = try Stylesheet(
      css: "p { color: #111111 } @media (prefers-color-scheme: dark) { p { color: #eeeeee } }")
    let (document, paragraph, _) = page()
    for _ in 0..<3 {
      #expect(try sheet.cascade(document, colorScheme: .light)[paragraph].color?.hex == "#111111")
      #expect(try sheet.cascade(document, colorScheme: .dark)[paragraph].color?.hex == "#eeeeee")
    }
  }

  @Test func anotherRootFontSizeIsNotServedFromTheKeptCascade() throws {
    let sheet = try Stylesheet(css: "html.big { font-size: 20px } p { margin-top: 2rem }")
    let (plain, plainParagraph, _) = page()
    let (big, bigParagraph, _) = page(htmlClass: "big")
    #expect(try sheet.cascade(plain, colorScheme: .light)[plainParagraph].margin.top == 32)
    #expect(try sheet.cascade(big, colorScheme: .light)[bigParagraph].margin.top == 40)
    #expect(try sheet.cascade(plain, colorScheme: .light)[plainParagraph].margin.top == 32)
  }

  @Test func aLaterDocumentGetsOnlyTheStylesItUses() throws {
    let sheet = try Stylesheet(css: "p { color: #aa0000 } em { color: #00aa00 }")
    let (withEmphasis, _, _) = page()
    var document = Document()
    let html = document.appendElement("html", to: document.root)
    let body = document.appendElement("body", to: html)
    let paragraph = document.appendElement("p", to: body)
    document.appendText("text", to: paragraph)
    _ = try sheet.cascade(withEmphasis, colorScheme: .light)
    let styles = try sheet.cascade(document, colorScheme: .light)
    // Numbered as a fresh cascade would number them: no style of the earlier `em`.
    #expect(!styles.uniqueStyles.contains { $0.color?.hex == "#00aa00" })
    #expect(styles[paragraph].color?.hex == "#aa0000")
    #expect(styles.styleIndices.allSatisfy { Int($0) < styles.uniqueStyles.count })
  }

  @Test func aRepeatedDocumentCountsTheSameMatchingWork() throws {
    let sheet = try Stylesheet(css: "body p { color: #aa0000 } em { font-weight: bold }")
    let (document, _, _) = page()
    let first = try sheet.cascade(document, colorScheme: .light).matchingWork
    let second = try sheet.cascade(document, colorScheme: .light).matchingWork
    #expect(first > 0)
    #expect(second == first)
  }
}
