import RenderCore
import RenderStyling
import RenderTerminal
import RenderText
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

  /// Every heading level, inline styles, an image and a footnote: without colour, each stays
  /// told apart by markers; with colour, only the image and the footnote need them.
  @Test(arguments: [TerminalColorMode.none, .ansi256])
  func markedInlineContent(mode: TerminalColorMode) throws {
    var sample = TerminalSample()
    for level in 1...6 { sample.add(.heading, "Heading level \(level)", .heading(level)) }
    sample.add(
      .paragraph,
      [
        ("Call ", .plain), ("render --to terminal", .code), (" for ", .plain),
        ("emphasis", .emphasized), (", ", .plain), ("strong words", .strong), (" and ", .plain),
        ("gone", .struck), (".", .plain), ("1", .link("#fn-1")),
      ])
    sample.add(.paragraph, [("The chart", .image("chart.png"))])
    sample.add(
      .listItem, [("1. The footnote. ", .plain), ("↩", .link("#fnref-1"))], indentLevel: 1)
    let output = TerminalRenderer(width: 40, colorMode: mode).render(sample.text)
    try TerminalGolden.check(output, named: "markers-w40-\(mode)")
  }

  @Test func blocksNestedInQuotesAndLists() throws {
    let background = CSSColor(red: 0x28, green: 0x2c, blue: 0x34)
    var sample = TerminalSample()
    sample.add(.heading, "Inside a quote", .heading(2), indentLevel: 1, quoteLevel: 1)
    sample.add(.listItem, "• an item in the quote", indentLevel: 2, quoteLevel: 1, spacing: 0)
    sample.add(
      .codeBlock, "quoted code();", .monospaced, indentLevel: 1, quoteLevel: 1,
      background: background)
    sample.add(.listItem, "1. an item with code below it", indentLevel: 1, spacing: 0)
    sample.add(.codeBlock, "make test", .monospaced, indentLevel: 1, background: background)
    sample.add(.tableRow, "Engine\tSpeed", .strong, spacing: 0)
    sample.add(.tableRow, "cmark\t83 MB/s", spacing: 0)
    sample.add(.tableRow, "discount\t30 MB/s", spacing: 0)
    for mode in [TerminalColorMode.none, .ansi256] {
      let output = TerminalRenderer(width: 40, colorMode: mode).render(sample.text)
      try TerminalGolden.check(output, named: "nested-w40-\(mode)")
    }
  }

  /// A header row and two body rows, one with CJK and emoji, and a column too wide for any
  /// of the widths: its cells wrap inside their column.
  static var table: StyledText {
    var sample = TerminalSample()
    sample.add(.paragraph, "Before the table.")
    sample.add(.tableRow, [("Engine\tSpeed\tNotes", .strong)], spacing: 0)
    sample.add(
      .tableRow, "cmark\t83 MB/s\tThe reference implementation of CommonMark, fast and strict",
      spacing: 0)
    sample.add(.tableRow, "md4c\t120 MB/s\t日本語のセルも折り返す 🎉🎉 and e\u{301}mojis", spacing: 0)
    sample.add(.paragraph, "After the table.")
    var text = sample.text
    for index in 1...3 { text.blocks[index].cellAlignments = [.left, .right, .center] }
    text.blocks[1].isHeaderRow = true
    return text
  }

  @Test(arguments: [40, 80, 120])
  func wideTable(width: Int) throws {
    try TerminalGolden.check(
      TerminalRenderer(width: width).render(Self.table), named: "table-w\(width)")
  }

  @Test func tableInAsciiAndColour() throws {
    let renderer = TerminalRenderer(width: 40, colorMode: .ansi256, lineDrawing: .ascii)
    try TerminalGolden.check(renderer.render(Self.table), named: "table-w40-ascii-ansi256")
  }
}
