import Foundation
import RenderCore
import Testing

@testable import RenderBatch

/// An answer's strings: escaped from an engine's bytes exactly as from the same text.
@Suite struct BatchJSONWriterTests {
  static let texts = [
    "", "plain", "<p>a \"q\" \\ b</p>\n", "\u{0}\u{1}\u{8}\t\n\u{C}\r\u{1F}\u{7F}",
    "line\u{2028}para\u{2029}end", "â€¨ \u{E2}\u{82}\u{AC} é 中 😀", "\u{10FFFF}\u{FFFD}",
  ]

  @Test("a fragment's bytes are escaped as its text is, and read back as that text")
  func fragmentBytesAsText() throws {
    for text in Self.texts {
      var expected: [UInt8] = []
      BatchJSONWriter.appendString(text, to: &expected)
      var written: [UInt8] = []
      BatchJSONWriter.appendString(fragment(Array(text.utf8)), to: &written)
      #expect(written == expected, "\(text.debugDescription)")
      #expect(try JSONDecoder().decode(String.self, from: Data(written)) == text)
    }
  }

  @Test(
    "bytes that are not UTF-8 are repaired as a string repairs them",
    arguments: [
      [0xFF], [0x61, 0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0x22, 0xF0, 0x9F, 0x98, 0x22], [0x80, 0x0A],
    ] as [[UInt8]])
  func invalidBytesRepaired(bytes: [UInt8]) {
    var expected: [UInt8] = [0x2C]
    BatchJSONWriter.appendString(String(decoding: bytes, as: UTF8.self), to: &expected)
    var written: [UInt8] = [0x2C]
    BatchJSONWriter.appendString(fragment(bytes), to: &written)
    #expect(written == expected)
  }

  private func fragment(_ bytes: [UInt8]) -> HTMLFragment {
    bytes.withUnsafeBufferPointer {
      HTMLFragment(bytes: HTMLBytes(copying: $0), engineID: "test")
    }
  }
}
