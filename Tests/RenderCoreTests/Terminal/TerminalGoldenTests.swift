import RenderCore
import Testing

@Suite("Terminal goldens")
struct TerminalGoldenTests {
  @Test(arguments: [20, 40, 80])
  func plainSample(width: Int) throws {
    let output = TerminalRenderer(width: width).render(TerminalSampleDocument.text)
    try TerminalGolden.check(output, named: "sample-w\(width)")
  }

  @Test(arguments: [20, 40, 80])
  func trueColorSample(width: Int) throws {
    let renderer = TerminalRenderer(width: width, colorMode: .trueColor)
    try TerminalGolden.check(
      renderer.render(TerminalSampleDocument.text), named: "sample-w\(width)-truecolor")
  }

  @Test func ansi256SampleWithoutHyperlinks() throws {
    let renderer = TerminalRenderer(width: 40, colorMode: .ansi256, hyperlinks: false)
    try TerminalGolden.check(
      renderer.render(TerminalSampleDocument.text), named: "sample-w40-ansi256-nolinks")
  }

  @Test(arguments: [20, 40])
  func wideCharacters(width: Int) throws {
    var sample = TerminalSample()
    sample.add(.heading, "漢字の見出し", .heading(1))
    sample.add(.paragraph, "日本語の文章は単語の間に空白がないので、文字の境界で折り返す。")
    sample.add(
      .paragraph, "Emoji 🎉🎉 and flags 🇫🇷 take two columns; café and e\u{301}te take one each.")
    sample.add(.paragraph, "Supercalifragilisticexpialidocious-and-then-some is broken.")
    sample.add(.listItem, "• 한국어 목록 항목도 들여쓰기를 유지합니다", indentLevel: 1, spacing: 0)
    try TerminalGolden.check(
      TerminalRenderer(width: width).render(sample.text), named: "wide-w\(width)")
  }
}
