import Foundation

/// Brings any text into the form every engine receives: valid UTF-8, no NUL, `\n` line ends.
///
/// ```swift
/// let text = MarkdownInput.decode(bytes)   // invalid UTF-8 becomes U+FFFD
/// let ready = MarkdownInput.prepare(text)  // NUL becomes U+FFFD, CRLF and CR become LF
/// ```
///
/// Bytes that are already in that form (``isPrepared(_:)``) may go to an engine as they are,
/// with no `String` built from them.
public enum MarkdownInput {
  /// Decodes bytes as UTF-8, replacing each invalid sequence with U+FFFD; never fails.
  public static func decode(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Replaces NUL with U+FFFD (as CommonMark requires) and turns CRLF and lone CR into LF.
  ///
  /// Returns `text` itself, uncopied, when there is nothing to change.
  public static func prepare(_ text: String) -> String {
    var text = text
    let needsWork = text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, 0, bytes.count) != nil || memchr(base, 13, bytes.count) != nil
    }
    guard needsWork else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count + 16)
    var previousWasCarriageReturn = false
    for byte in text.utf8 {
      switch byte {
      case 0:
        output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      case 13:
        output.append(10)
      case 10 where previousWasCarriageReturn:
        break
      default:
        output.append(byte)
      }
      previousWasCarriageReturn = byte == 13
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether `bytes` are already what ``prepare(_:)`` of ``decode(_:)`` gives: valid UTF-8
  /// with no NUL and no CR. An engine may then parse them as they are, where building a
  /// `String` would validate them and copy them once more.
  ///
  /// Eight ASCII bytes are checked per step; other bytes follow the well-formed sequences of
  /// the Unicode Standard's table 3-7 (no overlong form, no surrogate, nothing past U+10FFFF).
  package static func isPrepared(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      index = Self.endOfPlainASCII(base, from: index, count: count)
      // Then byte by byte, through a run of sequences, up to the ASCII byte after it.
      while index < count {
        let byte = base.load(fromByteOffset: index, as: UInt8.self)
        if byte < 0x80 {
          guard byte != 0, byte != 13 else { return false }
          index &+= 1
          break
        }
        guard let length = Self.sequenceLength(base, at: index, count: count) else {
          return false
        }
        index &+= length
      }
    }
    return true
  }

  /// The index of the first byte from `index` that is not ASCII, or is NUL or CR, found a
  /// word at a time (a zero byte in `word` or in `word ^ 0x0D…` sets that byte's top bit).
  @inline(__always)
  private static func endOfPlainASCII(
    _ base: UnsafeRawPointer, from index: Int, count: Int
  ) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
    var index = index
    while count &- index >= 8 {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let returns = word ^ carriageReturns
      // The lowest flagged byte is exact: a borrow only ever flags bytes above a true zero.
      let flagged = (word | ((word &- ones) & ~word) | ((returns &- ones) & ~returns)) & high
      if flagged != 0 { return index &+ flagged.trailingZeroBitCount &>> 3 }
      index &+= 8
    }
    return index
  }

  /// The length of the well-formed multi-byte sequence at `index`, or nil.
  @inline(__always)
  private static func sequenceLength(
    _ base: UnsafeRawPointer, at index: Int, count: Int
  ) -> Int? {
    let lead = base.load(fromByteOffset: index, as: UInt8.self)
    // The second byte's range depends on the lead; the others are always 80...BF.
    let length: Int
    var lowest: UInt8 = 0x80
    var highest: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, lowest) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, highest) = (3, 0x9F)
    case 0xF0: (length, lowest) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, highest) = (4, 0x8F)
    default: return nil
    }
    guard count &- index >= length else { return nil }
    let second = base.load(fromByteOffset: index &+ 1, as: UInt8.self)
    guard second >= lowest, second <= highest else { return nil }
    for offset in 2..<length
    where base.load(fromByteOffset: index &+ offset, as: UInt8.self) & 0xC0 != 0x80 {
      return nil
    }
    return length
  }
}
