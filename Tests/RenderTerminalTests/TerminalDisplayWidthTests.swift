import RenderStyling
import Testing

@testable import RenderTerminal

@Suite("Terminal display width")
struct TerminalDisplayWidthTests {
  @Test(arguments: [
    ("abc", 3), ("漢字", 4), ("ｱ", 1), ("Ａ", 2), ("한국", 4), ("🎉", 2), ("🇫🇷", 2),
    ("👩‍💻", 2), ("❤️", 2), ("❤", 1), ("e\u{301}", 1), ("\u{200B}", 0), ("\u{AD}", 1),
    ("ᄀ\u{1161}", 2), ("x\u{20DD}", 1), ("α", 1), ("\u{3000}", 2),
  ])
  func widths(text: String, columns: Int) {
    #expect(DisplayWidth.of(text) == columns)
  }

  @Test func wideCharactersWrapByColumnsNotCharacters() {
    var sample = TerminalSample()
    sample.add(.paragraph, "漢字漢字漢字漢字漢字漢字")
    let lines = TerminalRenderer(width: 10).render(sample.text).split(separator: "\n")
    #expect(lines == ["漢字漢字漢", "字漢字漢字", "漢字"])
  }

  @Test func longWordsBreakAtTheWidth() {
    var sample = TerminalSample()
    sample.add(.paragraph, "a abcdefghijklmnopqrstuvwxyz b")
    let lines = TerminalRenderer(width: 10).render(sample.text).split(separator: "\n")
    #expect(lines == ["a", "abcdefghij", "klmnopqrst", "uvwxyz b"])
  }

  @Test func combiningMarksStayWithTheirBase() {
    var sample = TerminalSample()
    sample.add(.paragraph, String(repeating: "e\u{301}", count: 12))
    let lines = TerminalRenderer(width: 10).render(sample.text).split(separator: "\n")
    #expect(lines.map { $0.count } == [10, 2])
    #expect(lines.first?.unicodeScalars.count == 20)
  }

  @Test func paletteMapsToTheNearestCubeOrGrey() {
    #expect(XtermPalette.nearestIndex(to: CSSColor(red: 255, green: 0, blue: 0)) == 196)
    #expect(XtermPalette.nearestIndex(to: CSSColor(red: 0, green: 0, blue: 0)) == 16)
    #expect(XtermPalette.nearestIndex(to: CSSColor(red: 128, green: 128, blue: 128)) == 244)
    #expect(XtermPalette.nearestIndex(to: CSSColor(red: 0xee, green: 0xee, blue: 0xee)) == 255)
    #expect(XtermPalette.nearestIndex(to: CSSColor(red: 0x03, green: 0x66, blue: 0xd6)) == 26)
  }

  @Test func graphemeClustersOfAStretch() {
    let text = "a\r\nb e\u{301}x👩‍💻y!"
    let scalars = text.unicodeScalars
    var all = GraphemeClusterIterator(text, from: scalars.startIndex, to: scalars.endIndex)
    var clusters: [Character] = []
    while let cluster = all.next() { clusters.append(cluster) }
    #expect(clusters == ["a", "\r\n", "b", " ", "e\u{301}", "x", "👩‍💻", "y", "!"])
    // Cut inside "e\u{301}": the stretch ends with a bare "e".
    let cut = scalars.index(scalars.startIndex, offsetBy: 6)
    var head = GraphemeClusterIterator(text, from: scalars.startIndex, to: cut)
    var last: Character?
    while let cluster = head.next() { last = cluster }
    #expect(last == "e")
  }
}
