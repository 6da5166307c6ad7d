import Testing

@testable import RenderText

@Suite("UTF-8 scalar count")
struct UTF8ScalarsTests {
  /// Scalars of one to four bytes, so that words and rounds of the count end inside a scalar.
  private static let alphabet: [Unicode.Scalar] = ["a", " ", "é", "ß", "€", "日", "😀", "\u{10FFFF}"]

  /// Text of `length` scalars drawn from ``alphabet`` by a fixed linear congruential sequence.
  private static func text(length: Int, seed: UInt64) -> String {
    var state = seed
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      scalars.append(alphabet[Int(state >> 33) % alphabet.count])
    }
    return String(scalars)
  }

  // Lengths around one word (8 bytes) and one round of 255 words (2,040 bytes), and well past.
  @Test(arguments: [0, 1, 7, 8, 9, 255, 509, 510, 511, 2_039, 2_040, 2_041, 10_000])
  func countsWhatTheStandardLibraryCounts(length: Int) {
    for seed: UInt64 in [1, 2, 3] {
      var text = Self.text(length: length, seed: seed)
      let expected = text.unicodeScalars.count
      let counted = text.withUTF8 { UTF8Scalars.count(in: $0) }
      #expect(counted == expected, "\(length) scalars, seed \(seed)")
    }
  }

  @Test func countsEveryStretchThatStartsAndEndsOnAScalar() {
    var text = Self.text(length: 600, seed: 7)
    let scalars = Array(text.unicodeScalars)
    // The byte offset where each scalar starts, and the end.
    var offsets = [0]
    for scalar in scalars { offsets.append(offsets.last! + String(scalar).utf8.count) }
    text.withUTF8 { bytes in
      for (start, end) in [(0, 600), (1, 599), (13, 300), (250, 260), (599, 600), (300, 300)] {
        let stretch = UnsafeBufferPointer(rebasing: bytes[offsets[start]..<offsets[end]])
        #expect(UTF8Scalars.count(in: stretch) == end - start, "\(start)..<\(end)")
      }
    }
  }
}
