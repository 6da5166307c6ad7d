import BenchKit
import Foundation
import HTMLImport
import TestSupport
import Testing

@Suite struct InputRepairTests {
  /// What the shim's repair must produce: Swift's own UTF-8 repair (one U+FFFD per maximal
  /// invalid subpart), then HTML's newline normalisation, form feed as a space, and U+FFFD for
  /// the other controls and U+FFFE/U+FFFF.
  static func expected(_ bytes: [UInt8]) -> String {
    let decoded = String(decoding: bytes, as: UTF8.self)
      .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    var text = String.UnicodeScalarView()
    for scalar in decoded.unicodeScalars {
      switch scalar.value {
      case 0x0C: text.append(" ")
      case 0x09, 0x0A: text.append(scalar)
      case 0..<0x20, 0xFFFE, 0xFFFF: text.append("\u{FFFD}")
      default: text.append(scalar)
      }
    }
    return String(text)
  }

  @Test func repairsRandomBytesExactlyLikeSwiftsDecoder() throws {
    let pieces: [[UInt8]] = [
      Array("ab".utf8), Array("12345678".utf8), [0x0D], [0x0D, 0x0A], [0x0A], [0x00], [0x0C],
      [0x01], [0x09], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xBC, 0x81], [0xC3, 0xA9],
      [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC3], [0xE0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90],
      [0xFF], [0x7F], [0xEF],
    ]
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<500 {
      let count = Int.random(in: 1...40, using: &generator)
      let body = (0..<count).flatMap { _ in pieces.randomElement(using: &generator)! }
      let bytes = Array("<pre>x".utf8) + body + Array("x</pre>".utf8)
      let document = try HTMLImporter().importDocument(data: bytes)
      #expect(
        document.textContent(of: document.root)
          == Self.expected(Array("x".utf8) + body + Array("x".utf8)))
    }
  }
}
