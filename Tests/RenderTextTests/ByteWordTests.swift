import Testing

@testable import RenderText

@Suite("Eight bytes at a time")
struct ByteWordTests {
  /// Bytes of every kind the scanners look for, beside scalars of two to four bytes, so that
  /// each kind meets every position in a word.
  private static let text = Array(
    "a \t\n\u{0C}\r\u{1F}  \"\\\u{7F}é€日😀\u{2028}\u{2029}—x\u{0}".utf8)

  /// Every eight bytes of ``text``, from every offset.
  private static func words(_ check: (ByteWord, ArraySlice<UInt8>) -> Void) {
    text.withUnsafeBufferPointer { bytes in
      for offset in 0...(bytes.count - 8) {
        check(ByteWord(bytes, at: offset), text[offset..<offset + 8])
      }
    }
  }

  /// The top bit of each byte in `bytes` that `isMarked` accepts, the first byte lowest.
  private static func marks(_ bytes: ArraySlice<UInt8>, _ isMarked: (UInt8) -> Bool) -> UInt64 {
    var marks: UInt64 = 0
    for (position, byte) in bytes.enumerated() where isMarked(byte) {
      marks |= 0x80 << (8 * UInt64(position))
    }
    return marks
  }

  @Test func marksTheBytesEqualToOne() {
    for byte: UInt8 in [0x00, 0x20, 0x22, 0x5C, 0x7F, 0x80, 0xE2, 0xFF] {
      Self.words { word, bytes in
        #expect(word.marks(byte) == Self.marks(bytes) { $0 == byte }, "\(byte) in \(bytes)")
      }
    }
  }

  @Test func marksTheControlCharacters() {
    Self.words { word, bytes in
      #expect(word.controls == Self.marks(bytes) { $0 < 0x20 }, "\(bytes)")
    }
  }

  @Test func countsTheScalarsThatStart() {
    Self.words { word, bytes in
      #expect(word.scalarStarts == bytes.filter { $0 & 0xC0 != 0x80 }.count, "\(bytes)")
    }
  }
}
