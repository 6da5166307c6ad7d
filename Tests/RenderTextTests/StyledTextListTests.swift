import RenderCore
import RenderStyling
import RenderText
import Testing

@Suite("StyledText lists")
struct StyledTextListTests {
  @Test("unordered lists: disc, then circle and square when nested; indent levels")
  func nestedBullets() {
    let styled = TestMarkup.styledText(
      """
      <ul>
        <li>one
          <ul><li>two<ul><li>three</li></ul></li></ul>
        </li>
        <li>four</li>
      </ul>
      """)
    #expect(styled.blockTexts == ["• one", "◦ two", "▪ three", "• four"])
    #expect(styled.blocks.map(\.kind) == [.listItem, .listItem, .listItem, .listItem])
    #expect(styled.blocks.map(\.indentLevel) == [1, 2, 3, 1])
    #expect(styled.blocks.map(\.indent) == [40, 80, 120, 40])
  }

  @Test("ordered lists count from 1, from start, from an item's value")
  func ordered() {
    #expect(
      TestMarkup.styledText("<ol><li>a</li><li>b</li></ol>").blockTexts == ["1. a", "2. b"])
    #expect(
      TestMarkup.styledText("<ol start=\"7\"><li>a</li><li>b</li></ol>").blockTexts
        == ["7. a", "8. b"])
    #expect(
      TestMarkup.styledText("<ol><li>a</li><li value=\"10\">b</li><li>c</li></ol>").blockTexts
        == ["1. a", "10. b", "11. c"])
  }

  @Test("reversed lists count down from the item count or from start")
  func reversed() {
    #expect(
      TestMarkup.styledText("<ol reversed><li>a</li><li>b</li><li>c</li></ol>").blockTexts
        == ["3. a", "2. b", "1. c"])
    #expect(
      TestMarkup.styledText("<ol reversed start=\"10\"><li>a</li><li>b</li></ol>").blockTexts
        == ["10. a", "9. b"])
  }

  @Test(
    "alphabetic and roman markers, with decimal where they have no numeral",
    arguments: [
      ("a", ["a. x", "b. y"], 1), ("A", ["A. x", "B. y"], 1), ("i", ["iv. x", "v. y"], 4),
      ("I", ["XLIX. x", "L. y"], 49), ("a", ["z. x", "aa. y"], 26), ("i", ["0. x", "i. y"], 0),
      ("I", ["MMMCMXCIX. x", "4000. y"], 3999),
    ])
  func numerals(type: String, expected: [String], start: Int) {
    let styled = TestMarkup.styledText(
      "<ol type=\"\(type)\" start=\"\(start)\"><li>x</li><li>y</li></ol>")
    #expect(styled.blockTexts == expected)
  }

  @Test("list-style-type none writes no marker; the item is still a list item")
  func noMarker() {
    let styled = TestMarkup.styledText("<ul style=\"list-style-type:none\"><li>bare</li></ul>")
    #expect(styled.blockTexts == ["bare"])
    #expect(styled.blocks[0].kind == .listItem)
  }

  @Test("the marker has the item's style, and the first paragraph of the item carries it")
  func markerStyleAndParagraphs() {
    let styled = TestMarkup.styledText(
      "<ol><li style=\"color:#ff0000\"><p><b>first</b></p><p>second</p></li></ol>")
    #expect(styled.blockTexts == ["1. first", "second"])
    #expect(styled.blocks.map(\.kind) == [.listItem, .listItem])
    #expect(styled.style(at: "1.")?.foregroundColor == CSSColor(red: 255, green: 0, blue: 0))
    #expect(styled.style(at: "1.")?.fontWeight == 400)
    #expect(styled.style(at: "first")?.fontWeight == 700)
  }

  @Test("an empty item still shows its marker; an item holding only a list keeps both markers")
  func emptyItems() {
    #expect(
      TestMarkup.styledText("<ol><li></li><li>b</li></ol>").blockTexts == ["1.", "2. b"])
    #expect(
      TestMarkup.styledText("<ul><li><ul><li>inner</li></ul></li></ul>").blockTexts
        == ["•", "◦ inner"])
  }

  @Test("ordered numbering restarts in each nested list and resumes outside it")
  func nestedNumbering() {
    let styled = TestMarkup.styledText(
      "<ol><li>a<ol><li>a1</li><li>a2</li></ol></li><li>b</li></ol>")
    #expect(styled.blockTexts == ["1. a", "1. a1", "2. a2", "2. b"])
  }

  @Test("lists inside quotes add to the indent level")
  func listInQuote() {
    let styled = TestMarkup.styledText("<blockquote><ul><li>q</li></ul></blockquote>")
    #expect(styled.blocks[0].kind == .listItem)
    #expect(styled.blocks[0].indentLevel == 2)
    #expect(styled.blocks[0].quoteLevel == 1)
  }
}

extension StyledTextListTests {
  @Test("the marker length is recorded where the marker starts the block")
  func markerLength() {
    let styled = TestMarkup.styledText(
      "<ol start=\"9\"><li>a<br>b</li><li><p>c</p><p>d</p></li></ol><ul><li>e</li></ul>")
    #expect(styled.blocks.map(\.markerLength) == [3, 4, 0, 2])
    // The paragraphs' margins put space between the items, hence the blank lines.
    #expect(styled.plainText == "9. a\n   b\n\n10. c\n\n  d\n\n• e")
  }
}

extension StyledTextListTests {
  @Test(
    "start and value are read as HTML integers: leading space, sign, trailing junk ignored",
    arguments: [("  5abc", "5."), ("-2", "-2."), ("+3", "3."), ("x1", "1."), ("", "1.")])
  func integerAttributes(start: String, expected: String) {
    let styled = TestMarkup.styledText("<ol start=\"\(start)\"><li>a</li></ol>")
    #expect(styled.blockTexts == ["\(expected) a"])
  }
}

extension StyledTextListTests {
  @Test("hidden items take no number, as in browsers")
  func hiddenItems() {
    let styled = TestMarkup.styledText(
      "<ol><li>a</li><li style=\"display:none\">hidden</li><li>b</li></ol>"
        + "<ol reversed><li>x</li><li style=\"display:none\">hidden</li><li>y</li></ol>")
    #expect(styled.blockTexts == ["1. a", "2. b", "2. x", "1. y"])
  }
}
