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

  @Test("carriage returns in pre are line breaks, CRLF counted once")
  func carriageReturns() {
    #expect(TestMarkup.styledText("<pre>a\r\nb\rc</pre>").string == "a\u{2028}b\u{2028}c")
  }
}
