import RenderCore
import RenderText
import Testing

@Suite("StyledText white space")
struct StyledTextWhiteSpaceTests {
  @Test(
    "normal white space collapses to one space, trimmed at block edges",
    arguments: [
      ("<p>  a   b  </p>", "a b"),
      ("<p>\n\ta\n\n b\t</p>", "a b"),
      ("<p>a <b> b</b></p>", "a b"),
      ("<p>a<b> </b> b</p>", "a b"),
      ("<p><span> </span>a<span> </span></p>", "a"),
      ("<p>a<span></span>b</p>", "ab"),
      ("<p>a\u{A0}\u{A0}b</p>", "a\u{A0}\u{A0}b"),
      ("<div> a <p> b </p> c </div>", "a\nb\nc"),
      ("<p>a\r\nb</p>", "a b"),
    ])
  func collapsing(markup: String, expected: String) {
    #expect(TestMarkup.styledText(markup).string == expected)
  }

  @Test("the collapsed space keeps the style of the first space, as browsers show it")
  func spaceStyle() {
    let bold = TestMarkup.styledText("<p><b>a </b> c</p>")
    #expect(bold.runs.map { bold.text($0.range) } == ["a ", "c"])
    let plain = TestMarkup.styledText("<p>a <b> c</b></p>")
    #expect(plain.runs.map { plain.text($0.range) } == ["a ", "c"])
  }

  @Test("nowrap collapses like normal")
  func nowrap() {
    #expect(TestMarkup.styledText("<p style=\"white-space:nowrap\"> a \n b </p>").string == "a b")
  }

  @Test("pre-wrap keeps everything, pre-line keeps only newlines")
  func preWrapAndPreLine() {
    let wrap = TestMarkup.styledText("<p style=\"white-space:pre-wrap\">a  b\n c</p>")
    #expect(wrap.string == "a  b\u{2028} c")
    let line = TestMarkup.styledText("<p style=\"white-space:pre-line\">a  b \n  c\n</p>")
    #expect(line.string == "a b\u{2028}c")
  }

  @Test("inline pre text keeps its spaces inside a collapsing paragraph")
  func inlinePre() {
    let styled = TestMarkup.styledText(
      "<p>x  <code style=\"white-space:pre\">a  b</code>  y</p>")
    #expect(styled.string == "x a  b y")
  }

  /// Words of one to four bytes a scalar between white space of every kind, long enough
  /// that runs of text span many eight-byte words; shifted by `offset` bytes, so that each
  /// white space and each multi-byte scalar meets every position in a word.
  private static func longText(offset: Int) -> (text: String, words: [String]) {
    let words =
      [String(repeating: "x", count: offset + 1)] + [
        "alpha", "βeta", "γάμμα", "日本語", "😀x", "a", "bcdefghijklmnop", "€uro", "q",
      ]
    let separators = [" ", "  ", "\t", "\n", " \n ", "\r\n", "\u{0C}", "   ", " "]
    var text = ""
    for (index, word) in (words + words + words).enumerated() {
      text += word + separators[index % separators.count]
    }
    return (text, words + words + words)
  }

  @Test("long runs of text collapse as short ones do, at every offset", arguments: 0..<16)
  func longRunsCollapse(offset: Int) {
    let (text, words) = Self.longText(offset: offset)
    let styled = TestMarkup.styledText("<p>\(text)</p>")
    let expected = words.joined(separator: " ")
    #expect(styled.string == expected)
    #expect(styled.blocks.map(\.range) == [0..<expected.unicodeScalars.count])
    #expect(styled.runs.last?.range.upperBound == expected.unicodeScalars.count)
  }

  @Test("long lines of pre keep their text, at every offset", arguments: 0..<16)
  func longLinesOfPre(offset: Int) {
    let (text, _) = Self.longText(offset: offset)
    let styled = TestMarkup.styledText("<pre>\(text)</pre>")
    // The text with its line breaks (CRLF once) as line separators.
    let expected = text.replacingOccurrences(of: "\r\n", with: "\u{2028}")
      .replacingOccurrences(of: "\n", with: "\u{2028}")
    #expect(styled.string == expected)
    #expect(styled.blocks.map(\.range) == [0..<expected.unicodeScalars.count])
  }

  @Test("carriage returns in pre are line breaks, CRLF counted once")
  func carriageReturns() {
    #expect(TestMarkup.styledText("<pre>a\r\nb\rc</pre>").string == "a\u{2028}b\u{2028}c")
  }
}
