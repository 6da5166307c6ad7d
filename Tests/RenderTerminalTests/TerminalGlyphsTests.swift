import Testing

@testable import RenderTerminal

@Suite("Terminal glyphs")
struct TerminalGlyphsTests {
  /// Glyphs over `source` with `added` kept after it, and the bytes their offsets stand for:
  /// the fixed texts, the source, then the added texts, one after the other.
  private static func glyphs(
    source: String, added: [String]
  ) -> (glyphs: TerminalGlyphs, bytes: [UInt8], texts: [TerminalGlyphs.Text]) {
    var glyphs = TerminalGlyphs(source: source)
    let texts = added.map { glyphs.add($0) }
    let bytes = Array(" \u{FFFD}".utf8) + Array(source.utf8) + added.flatMap { Array($0.utf8) }
    return (glyphs, bytes, texts)
  }

  @Test func everyStretchOfOffsetsReadsItsBytes() {
    let (glyphs, bytes, _) = Self.glyphs(source: "héllo, 日本", added: ["─═", "(x)"])
    for start in 0...bytes.count {
      for end in start...bytes.count {
        var read: [UInt8] = []
        glyphs.withBytes(at: start..<end) { read.append(contentsOf: $0) }
        #expect(read == Array(bytes[start..<end]), "\(start)..<\(end)")
      }
    }
    for offset in bytes.indices {
      #expect(glyphs.byte(at: offset) == bytes[offset], "byte \(offset)")
    }
  }

  @Test func addedTextsFollowTheSourceAndEachOther() {
    let (_, bytes, texts) = Self.glyphs(source: "abc", added: ["x", "", "yz"])
    #expect(texts.map(\.count) == [1, 0, 2])
    #expect(texts[0].start == 4 + 3)  // after the fixed texts and the source
    #expect(texts[2].start == texts[0].start + 1)
    #expect(Array(bytes[texts[2].start..<texts[2].start + 2]) == Array("yz".utf8))
  }

  @Test func theFixedTextsAreWhatTheyStandFor() {
    let (glyphs, _, _) = Self.glyphs(source: "", added: [])
    for (text, expected) in [
      (TerminalGlyphs.space, " "), (TerminalGlyphs.replacement, "\u{FFFD}"),
      (TerminalGlyphs.empty, ""),
    ] {
      var read: [UInt8] = []
      glyphs.withBytes(at: text.start..<text.start + text.count) { read.append(contentsOf: $0) }
      #expect(read == Array(expected.utf8))
    }
  }
}
