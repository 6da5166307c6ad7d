import RenderCore
import RenderStyling
import RenderText
import Testing

@Suite("StyledText inline styles")
struct StyledTextInlineTests {
  @Test("emphasis, strong, code, strike and underline map to their run attributes")
  func emphasis() {
    let styled = TestMarkup.styledText(
      "<p>a <b>bold</b> <i>it</i> <code>mono</code> <del>gone</del> <u>under</u></p>")
    #expect(styled.string == "a bold it mono gone under")
    #expect(styled.style(at: "bold")?.fontWeight == 700)
    #expect(styled.style(at: "bold")?.isBold == true)
    #expect(styled.style(at: "it")?.italic == true)
    #expect(styled.style(at: "mono")?.monospace == true)
    #expect(styled.style(at: "mono")?.fontFamily == "monospace")
    #expect(styled.style(at: "gone")?.strikethrough == true)
    #expect(styled.style(at: "under")?.underline == true)
    #expect(styled.style(at: "a ")?.fontWeight == 400)
  }

  @Test("adjacent text of equal style is one run; styles are interned")
  func runMerging() {
    let styled = TestMarkup.styledText(
      "<p>one <span>two</span> <b>three</b><strong>four</strong></p>")
    #expect(styled.runs.map { styled.text($0.range) } == ["one two ", "threefour"])
    #expect(styled.uniqueStyles.count == 2)
    #expect(styled.indexedRuns.map(\.styleIndex) == [0, 1])
  }

  @Test("runs cover the whole string in order, the newline between blocks included")
  func runsCoverString() {
    let styled = TestMarkup.styledText("<h1>T</h1><p>a <em>b</em></p><ul><li>c</li></ul>")
    var position = 0
    for run in styled.runs {
      #expect(run.range.lowerBound == position)
      #expect(!run.range.isEmpty)
      position = run.range.upperBound
    }
    #expect(position == styled.string.unicodeScalars.count)
  }

  @Test("links: the nearest a's href on every run inside; a without href adds none")
  func links() {
    let styled = TestMarkup.styledText(
      "<p><a href=\"https://example.com/x\">go <b>here</b></a> <a name=\"n\">anchor</a></p>")
    #expect(styled.style(at: "go")?.link == "https://example.com/x")
    #expect(styled.style(at: "here")?.link == "https://example.com/x")
    #expect(styled.style(at: "here")?.underline == true)
    #expect(styled.style(at: "anchor")?.link == nil)
  }

  @Test("elements of one computed style under different links keep their own link")
  func linksAlternating() {
    let styled = TestMarkup.styledText(
      """
      <p><a href="x"><b>one</b></a></p><p><b>two</b></p><p><a href="y"><b>three</b></a></p>\
      <p><a href="x"><b>four</b></a></p><h2><b>five</b></h2><p><b>six</b></p>
      """)
    let links = ["one", "two", "three", "four", "six"].map { styled.style(at: $0)?.link }
    #expect(links == ["x", nil, "y", "x", nil])
    #expect(styled.style(at: "five")?.headingLevel == 2)
    #expect(styled.style(at: "six")?.headingLevel == nil)
  }

  @Test("images: alt text with the image URL, nothing without alt")
  func images() {
    let styled = TestMarkup.styledText(
      "<p>see <img src=\"cat.png\" alt=\"a  cat\"> and <img src=\"dog.png\"> end</p>")
    #expect(styled.string == "see a cat and end")
    #expect(styled.style(at: "a cat")?.imageURL == "cat.png")
    #expect(styled.style(at: "see")?.imageURL == nil)
  }

  @Test("sub and sup shift the baseline by a third of the surrounding font size")
  func subAndSup() {
    let styled = TestMarkup.styledText("<p>H<sub>2</sub>O x<sup>2<sup>n</sup></sup></p>")
    #expect(styled.string == "H2O x2n")
    #expect(styled.style(at: "2O")?.baselineOffset == -16.0 / 3)
    let squared = styled.runs.first {
      styled.text($0.range).hasPrefix("2") && $0.range.lowerBound > 3
    }
    #expect(squared?.style.baselineOffset == 16.0 / 3)
    #expect(styled.style(at: "n")?.baselineOffset == 16.0 / 3 + 13.28 / 3)
    #expect(styled.style(at: "H")?.baselineOffset == 0)
  }

  @Test("colours: text colour inherited, inline background on the runs")
  func colours() {
    let styled = TestMarkup.styledText(
      "<p style=\"color:#336699\">blue <mark>marked <i>inner</i></mark></p>")
    let blue = CSSColor(red: 0x33, green: 0x66, blue: 0x99)
    #expect(styled.style(at: "blue")?.foregroundColor == blue)
    #expect(styled.style(at: "blue")?.backgroundColor == nil)
    #expect(styled.style(at: "marked")?.backgroundColor == CSSColor(red: 255, green: 255, blue: 0))
    #expect(styled.style(at: "inner")?.backgroundColor == CSSColor(red: 255, green: 255, blue: 0))
    #expect(styled.style(at: "inner")?.foregroundColor == blue)
  }

  @Test("font family is the first of the list, size and weight as computed")
  func fonts() {
    let styled = TestMarkup.styledText(
      "<p style=\"font-family: Georgia, serif; font-size: 20px; font-weight: 300\">g</p>")
    #expect(styled.style(at: "g")?.fontFamily == "Georgia")
    #expect(styled.style(at: "g")?.fontSize == 20)
    #expect(styled.style(at: "g")?.fontWeight == 300)
  }
}
