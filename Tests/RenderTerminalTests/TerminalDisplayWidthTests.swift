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
    let text = "a\r\nb e\u{301}x👩‍💻y\u{2028}!"
    let bytes = Array(text.utf8)
    func clusters(to end: Int) -> [Character] {
      var iterator = GraphemeClusterIterator(text, from: 0, to: end)
      var clusters: [Character] = []
      bytes.withUnsafeBufferPointer { bytes in
        while let cluster = iterator.next(in: bytes, base: 0) {
          let utf8 = bytes[cluster.offset..<cluster.offset + cluster.byteCount]
          let string = String(decoding: UnsafeBufferPointer(rebasing: utf8), as: UTF8.self)
          #expect(string.unicodeScalars.count == cluster.scalarCount)
          #expect(string.unicodeScalars.first?.value == cluster.scalar)
          clusters.append(Character(string))
        }
      }
      return clusters
    }
    #expect(
      clusters(to: bytes.count) == [
        "a", "\r\n", "b", " ", "e\u{301}", "x", "👩‍💻", "y", "\u{2028}", "!",
      ])
    // Cut inside "e\u{301}" (after its "e", byte 7): the stretch ends with a bare "e".
    #expect(clusters(to: 7).last == "e")
  }

  /// The bitmap holds exactly the ranges: every scalar in them, none beside them (a word filled
  /// wrongly at a range's edge would show here).
  @Test func scalarsStandAloneExactlyInTheirRanges() {
    let ranges = GraphemeClusterIterator.aloneRanges
    let inRanges = (UInt32(0)..<0x11_0000).filter { scalar in
      ranges.contains { $0.contains(scalar) }
    }
    let alone = (UInt32(0)..<0x11_0000).filter(GraphemeClusterIterator.standsAlone)
    #expect(alone == inRanges)
    #expect(alone.count == ranges.reduce(0) { $0 + $1.count })
  }

  /// The fast path's premise, checked against the standard library's grapheme breaking: a
  /// scalar that stands alone never joins ASCII on either side, nor another such scalar.
  @Test func scalarsThatStandAloneNeverJoinANeighbour() {
    let alone = (0x80..<0x11_0000).compactMap { value -> Unicode.Scalar? in
      GraphemeClusterIterator.standsAlone(UInt32(value)) ? Unicode.Scalar(UInt32(value)) : nil
    }
    #expect(alone.count > 40_000)
    let neighbours =
      ["a", " ", "\n"]
      + stride(from: 0, to: alone.count, by: 997).map {
        String(alone[$0])
      }
    var joined: [String] = []
    for scalar in alone {
      let text = String(scalar)
      for neighbour in neighbours
      where (text + neighbour).count != 2 || (neighbour + text).count != 2 {
        joined.append(String(scalar.value, radix: 16) + " next to " + neighbour)
      }
    }
    #expect(joined.isEmpty, "\(joined.prefix(20))")
  }
}
