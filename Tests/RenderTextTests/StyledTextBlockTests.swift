import RenderCore
import RenderStyling
import RenderText
import Testing

@Suite("StyledText blocks")
struct StyledTextBlockTests {
  @Test("paragraphs become blocks separated by one newline")
  func paragraphs() {
    let styled = TestMarkup.styledText("<p>One</p>\n<p>Two</p>")
    #expect(styled.string == "One\nTwo")
    #expect(styled.blocks.map(\.kind) == [.paragraph, .paragraph])
    #expect(styled.blockTexts == ["One", "Two"])
  }

  @Test("margins collapse: after plus the next block's before is the larger margin")
  func marginCollapse() {
    let styled = TestMarkup.styledText("<p>One</p><h1>Two</h1><p>Three</p>")
    #expect(styled.blocks[0].spacingBefore == 16)
    #expect(styled.blocks[0].spacingAfter + styled.blocks[1].spacingBefore == 21.44)
    #expect(styled.blocks[1].spacingAfter + styled.blocks[2].spacingBefore == 21.44)
    #expect(styled.blocks[2].spacingAfter == 16)
  }

  @Test("headings: kind heading, headingLevel on the runs, bold and sized by the cascade")
  func headings() {
    let styled = TestMarkup.styledText("<h2>Title <em>here</em></h2><p>Body</p>")
    #expect(styled.blocks[0].kind == .heading)
    #expect(styled.style(at: "Title")?.headingLevel == 2)
    #expect(styled.style(at: "here")?.headingLevel == 2)
    #expect(styled.style(at: "here")?.italic == true)
    #expect(styled.style(at: "Title")?.fontSize == 24)
    #expect(styled.style(at: "Body")?.headingLevel == nil)
  }

  @Test("text beside blocks forms anonymous blocks, as in browsers")
  func anonymousBlocks() {
    let styled = TestMarkup.styledText("<div>before<p>inside</p>after</div>")
    #expect(styled.blockTexts == ["before", "inside", "after"])
  }

  @Test("block quotes: kind quote, indent level and indent from the margin")
  func quotes() {
    let styled = TestMarkup.styledText(
      "<blockquote><p>Quoted</p><blockquote><p>Deeper</p></blockquote></blockquote><p>Out</p>")
    #expect(styled.blocks.map(\.kind) == [.quote, .quote, .paragraph])
    #expect(styled.blocks.map(\.indentLevel) == [1, 2, 0])
    #expect(styled.blocks.map(\.indent) == [40, 80, 0])
    #expect(styled.blocks.map(\.quoteLevel) == [1, 2, 0])
  }

  @Test("pre keeps spaces and newlines; lines are separated by U+2028 inside one code block")
  func preformatted() {
    let styled = TestMarkup.styledText("<pre>let a  = 1\n\tlet b = 2\n</pre><p>x</p>")
    #expect(styled.blocks[0].kind == .codeBlock)
    #expect(styled.blockTexts == ["let a  = 1\u{2028}\tlet b = 2", "x"])
    #expect(styled.style(at: "let a")?.monospace == true)
  }

  @Test("a newline at the start of pre that the parser left in shows as an empty line")
  func preLeadingNewline() {
    let styled = TestMarkup.styledText("<pre>\ncode</pre>")
    #expect(styled.blockTexts == ["\u{2028}code"])
  }

  @Test("hr is a rule block whose text is a short line")
  func rule() {
    let styled = TestMarkup.styledText("<p>a</p><hr><p>b</p>")
    #expect(styled.blocks.map(\.kind) == [.paragraph, .rule, .paragraph])
    #expect(styled.blockTexts == ["a", "───", "b"])
  }

  @Test("br is U+2028 inside the block; a trailing br adds no empty line, two add one")
  func lineBreaks() {
    #expect(TestMarkup.styledText("<p>a<br>b</p>").blockTexts == ["a\u{2028}b"])
    #expect(TestMarkup.styledText("<p>a <br> b</p>").blockTexts == ["a\u{2028}b"])
    #expect(TestMarkup.styledText("<p>a<br></p>").blockTexts == ["a"])
    #expect(TestMarkup.styledText("<p>a<br><br></p>").blockTexts == ["a\u{2028}"])
    #expect(TestMarkup.styledText("<p><br></p><p>b</p>").blockTexts == ["", "b"])
  }

  @Test("display none hides the element and everything inside it")
  func hidden() {
    let styled = TestMarkup.styledText(
      "<head><title>T</title></head><p>shown <span style=\"display:none\">hidden <b>deep</b></span>too</p>"
    )
    #expect(styled.string == "shown too")
  }

  @Test("text-align and block background come from the innermost block")
  func alignmentAndBackground() {
    let styled = TestMarkup.styledText(
      "<div style=\"text-align:center;background-color:#eeeeee\"><p>c</p></div><p>s</p>")
    #expect(styled.blocks[0].alignment == .center)
    #expect(styled.blocks[0].backgroundColor == CSSColor(red: 0xEE, green: 0xEE, blue: 0xEE))
    #expect(styled.style(at: "c")?.backgroundColor == nil)
    #expect(styled.blocks[1].alignment == .start)
    #expect(styled.blocks[1].backgroundColor == nil)
  }

  @Test("empty elements and white space between blocks leave no blocks")
  func emptyBlocks() {
    let styled = TestMarkup.styledText("<div>\n  <p></p>\n  <p>  </p>\n</div><p>x</p>")
    #expect(styled.blockTexts == ["x"])
  }

  @Test("the background of html and body is the page's, not every block's")
  func canvasBackground() {
    let styled = TestMarkup.styledText(
      "<body style=\"background-color:#ffffff\"><p>a</p><pre style=\"background-color:#eeeeee\">b</pre></body>"
    )
    #expect(styled.blocks[0].backgroundColor == nil)
    #expect(styled.blocks[1].backgroundColor == CSSColor(red: 0xEE, green: 0xEE, blue: 0xEE))
  }
}

extension StyledTextBlockTests {
  @Test("the tree's order counts, not the order nodes were appended in")
  func treeOrder() {
    var document = Document()
    let first = document.appendElement("p", to: document.root)
    let second = document.appendElement("p", to: document.root)
    document.appendText("second", to: second)
    document.appendText("first", to: first)
    let styled = StyledText(document: document, styles: TestCascade.styles(for: document))
    #expect(styled.blockTexts == ["first", "second"])
  }
}
