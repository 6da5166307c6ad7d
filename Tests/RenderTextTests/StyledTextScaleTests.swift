import RenderCore
import RenderStyling
import RenderText
import Testing

@Suite("StyledText at scale")
struct StyledTextScaleTests {
  @Test("100,000 nested inline elements: the innermost text arrives with its style")
  func deepInline() {
    var document = Document()
    var parent = document.appendElement("p", to: document.root)
    document.appendText("top ", to: parent)
    for depth in 0..<100_000 {
      parent = document.appendElement(depth == 99_999 ? "b" : "span", to: parent)
    }
    document.appendText("deep", to: parent)
    let styled = StyledText(document: document, styles: TestCascade.styles(for: document))
    #expect(styled.string == "top deep")
    #expect(styled.style(at: "deep")?.fontWeight == 700)
    #expect(styled.blocks.count == 1)
  }

  @Test("100,000 nested blocks and list items: every level's text is kept")
  func deepBlocks() {
    var document = Document()
    var parent = document.root
    for depth in 0..<50_000 {
      let list = document.appendElement("ul", to: parent)
      parent = document.appendElement("li", to: list)
      if depth % 10_000 == 0 { document.appendText("level \(depth)", to: parent) }
    }
    let styled = StyledText(document: document, styles: TestCascade.styles(for: document))
    #expect(styled.blocks.count == 50_000)
    #expect(styled.blockTexts.filter { $0.contains("level") }.count == 5)
    #expect(styled.blocks.last?.indentLevel == 50_000)
    #expect(styled.blockTexts.first == "• level 0")
  }

  @Test("a 20 MB text node is kept whole, white space collapsed")
  func largeTextNode() {
    // Each source line loses one byte to the doubled space; its newline becomes the space
    // before the next line, and the last one is trimmed at the end of the block.
    let line = "Lorem ipsum dolor sit amet,  consectetur adipiscing elit, sed do eiusmod tempor\n"
    let lines = 20_000_000 / line.utf8.count
    var document = Document()
    let paragraph = document.appendElement("p", to: document.root)
    document.appendText(String(repeating: line, count: lines), to: paragraph)
    let styled = StyledText(document: document, styles: TestCascade.styles(for: document))
    let expectedLength = lines * (line.utf8.count - 1) - 1
    #expect(styled.string.utf8.count == expectedLength)
    #expect(styled.string.hasPrefix("Lorem ipsum dolor sit amet, consectetur"))
    #expect(styled.string.hasSuffix("tempor"))
    #expect(styled.runs.count == 1)
    #expect(styled.blocks.first?.range == 0..<expectedLength)
    #expect(styled.plainText.utf8.count == expectedLength)
  }

  @Test("styles computed for a smaller document fall back to the initial style, no crash")
  func mismatchedStyles() {
    let document = TestMarkup.document("<p>a</p><p>b</p>")
    let styled = StyledText(
      document: document, styles: CascadedStyles(uniqueStyles: [], styleIndices: []))
    #expect(styled.string == "ab")
    #expect(styled.blocks.count == 1)
  }
}
