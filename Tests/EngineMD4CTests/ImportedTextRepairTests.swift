import Testing

@testable import EngineMD4C

/// md4c's text goes to the document as it is unless it holds a character the importer
/// changes; the check reads a word at a time and must see such a character wherever it is.
@Suite struct ImportedTextRepairTests {
  /// What the importer changes: controls other than tab and line feed, U+FFFE and U+FFFF.
  private static func reference(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0xFFFE || $0.value == 0xFFFF
    }
  }

  @Test func everyChangedCharacterIsSeenAtEveryPositionOfAWord() {
    // Every ASCII byte, the two noncharacters, and their neighbours that stay (U+FFFD, the
    // ideographic comma's fullwidth form U+FF0C, U+EFFF, a C1 control).
    var pieces = (0..<0x80).map { [UInt8($0)] }
    pieces += [
      [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xBF, 0xBD], [0xEF, 0xBC, 0x8C],
      [0xEE, 0xBF, 0xBF], [0xC2, 0x85],
    ]
    var disagreements: [[UInt8]] = []
    var changed = 0
    for piece in pieces {
      for count in [1, 3, 7, 8, 9, 17] where count >= piece.count {
        for position in 0...(count - piece.count) {
          var bytes = Array(repeating: UInt8(ascii: "a"), count: count)
          bytes.replaceSubrange(position..<position + piece.count, with: piece)
          let needsRepair = bytes.withUnsafeBufferPointer(ImportedTextRepair.needsRepair)
          if needsRepair != Self.reference(bytes) { disagreements.append(bytes) }
          if needsRepair { changed += 1 }
        }
      }
    }
    #expect(changed > 0)
    #expect(disagreements.isEmpty, "first of \(disagreements.count): \(disagreements.first ?? [])")
  }

  /// Tabs, line feeds and CJK punctuation in every word do not ask for a repair: the text
  /// stays as md4c gave it.
  @Test func textThatNeedsNoRepairIsLeftAsItIs() {
    let text = Array("\t a\n\u{1F600} é日本，。\u{EE80}\u{F0000}\u{FFFD}ok\n".utf8)
    #expect(!text.withUnsafeBufferPointer(ImportedTextRepair.needsRepair))
    let control = Array("abcdefghij\u{1F}\u{FFFE}".utf8)
    #expect(
      control.withUnsafeBufferPointer(ImportedTextRepair.string) == "abcdefghij\u{FFFD}\u{FFFD}")
  }

  @Test func scalarsAreRepairedAsTheImporterReadsThem() {
    let expected: [(UInt32, Unicode.Scalar)] = [
      (0x09, "\t"), (0x0A, "\n"), (0x0C, " "), (0x0D, "\n"), (0x01, "\u{FFFD}"),
      (0x1F, "\u{FFFD}"), (0x20, " "), (0xFFFE, "\u{FFFD}"), (0xFFFF, "\u{FFFD}"), (0xE9, "é"),
    ]
    for (value, repaired) in expected {
      #expect(ImportedTextRepair.repaired(Unicode.Scalar(value)!) == repaired, "\(value)")
    }
  }
}
