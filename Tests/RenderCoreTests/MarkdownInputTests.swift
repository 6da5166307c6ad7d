import Foundation
import RenderCore
import Testing

@Suite struct MarkdownInputTests {
  @Test func invalidUTF8BecomesReplacementCharacters() {
    let bytes: [UInt8] = Array("ok ".utf8) + [0xFF, 0xC3] + Array(" end".utf8)
    #expect(MarkdownInput.decode(bytes) == "ok \u{FFFD}\u{FFFD} end")
  }

  @Test func truncatedSequenceAtTheEndIsRepaired() {
    #expect(MarkdownInput.decode(Array("é".utf8).dropLast()) == "\u{FFFD}")
  }

  @Test func nulBecomesReplacementCharacter() {
    #expect(MarkdownInput.prepare("a\u{0}b\u{0}") == "a\u{FFFD}b\u{FFFD}")
  }

  @Test func carriageReturnsBecomeLineFeeds() {
    #expect(MarkdownInput.prepare("a\r\nb\rc\n\r\nd\r") == "a\nb\nc\n\nd\n")
  }

  @Test func cleanTextIsReturnedUnchanged() {
    let text = "# Title\n\nSome *text* — ünïcödé.\n"
    #expect(MarkdownInput.prepare(text) == text)
    #expect(MarkdownInput.prepare("") == "")
  }

  /// The definition ``MarkdownInput/isPrepared(_:)`` must agree with: decoding and preparing
  /// the bytes gives them back unchanged.
  private static func reference(_ bytes: [UInt8]) -> Bool {
    Array(MarkdownInput.prepare(MarkdownInput.decode(bytes)).utf8) == bytes
  }

  private static func isPrepared(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes(MarkdownInput.isPrepared)
  }

  /// Every pair of bytes, and every lead byte of a longer sequence with second bytes on both
  /// sides of each range and third and fourth bytes in and out of 80...BF, each placed at
  /// offsets that put it inside, across and after an eight-byte word; returns how many
  /// sequences it made.
  private static func forEachShortSequence(_ body: ([UInt8]) -> Void) -> Int {
    var checked = 0
    // Each sequence is checked as it is made, so the test holds no table of them.
    func check(_ sequence: [UInt8]) {
      for offset in [0, 6, 13] {
        body(Array("abcdefghijklm".utf8.prefix(offset)) + sequence + Array("xyz".utf8))
      }
      body(sequence)
      checked += 1
    }
    for first in 0...255 {
      for second in 0...255 { check([UInt8(first), UInt8(second)]) }
    }
    for lead in 0xE0...0xF7 {
      for second in 0x70...0xC8 {
        for third in [0x41, 0x7F, 0x80, 0xBF, 0xC0] {
          check([UInt8(lead), UInt8(second), UInt8(third)])
          for fourth in [0x7F, 0x80, 0xBF, 0xC0] {
            check([UInt8(lead), UInt8(second), UInt8(third), UInt8(fourth)])
          }
        }
      }
    }
    return checked
  }

  @Test func agreesWithDecodingOnEveryShortSequence() {
    var disagreements: [[UInt8]] = []
    let checked = Self.forEachShortSequence { bytes in
      if Self.isPrepared(bytes) != Self.reference(bytes) { disagreements.append(bytes) }
    }
    #expect(checked == 65_536 + 24 * 89 * 5 * 5)
    #expect(disagreements.isEmpty, "first of \(disagreements.count): \(disagreements.first ?? [])")
  }

  /// ``MarkdownInput/isWellFormedUTF8(_:)`` holds exactly the bytes decoding gives back
  /// unchanged, NUL and CR included.
  @Test func wellFormedUTF8AgreesWithDecodingOnEveryShortSequence() {
    var disagreements: [[UInt8]] = []
    let checked = Self.forEachShortSequence { bytes in
      let isWellFormed = bytes.withUnsafeBufferPointer(MarkdownInput.isWellFormedUTF8)
      if isWellFormed != (Array(MarkdownInput.decode(bytes).utf8) == bytes) {
        disagreements.append(bytes)
      }
    }
    #expect(checked == 65_536 + 24 * 89 * 5 * 5)
    #expect(disagreements.isEmpty, "first of \(disagreements.count): \(disagreements.first ?? [])")
    for bytes: [UInt8] in [[0], [13], Array("a\0b\rc".utf8), []] {
      #expect(bytes.withUnsafeBufferPointer(MarkdownInput.isWellFormedUTF8))
    }
  }

  /// A sequence left open at the end of an eight-byte word stays open through a word of
  /// ASCII: the continuation bytes right after that word do not complete it.
  @Test func aSequenceOpenAcrossAWordOfASCIIIsNotCompletedAfterIt() {
    for (lead, length) in [(UInt8(0xC2), 2), (0xE1, 3), (0xF1, 4)] {
      for before in 1..<length {
        let opened = [lead] + Array(repeating: 0x80, count: before - 1)
        let bytes =
          Array("abcdefg".utf8.prefix(8 - opened.count)) + opened + Array("hijklmno".utf8)
          + Array(repeating: 0x80, count: length - before)
        #expect(!Self.isPrepared(bytes), "\(bytes)")
        #expect(!Self.reference(bytes))
      }
    }
  }

  @Test func nulAndCarriageReturnNeedPreparingAtEveryPosition() {
    let text = Array("0123456789abcdefghij\n".utf8)
    for index in text.indices {
      for byte: UInt8 in [0, 13] {
        var bytes = text
        bytes[index] = byte
        #expect(!Self.isPrepared(bytes))
        #expect(!Self.reference(bytes))
      }
    }
    #expect(Self.isPrepared(text) && Self.reference(text))
    #expect(Self.isPrepared([]))
  }

  @Test func agreesWithDecodingOnTheFixtureDocuments() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }
    #expect(!files.isEmpty)
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      #expect(Self.isPrepared(bytes) == Self.reference(bytes), "\(file)")
    }
  }
}
