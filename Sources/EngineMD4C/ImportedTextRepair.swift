/// What HTML import does to characters before parsing, mirrored for documents built without
/// it: a control character other than tab and line feed becomes U+FFFD (form feed a space, a
/// carriage return a line feed: a `&#13;` reference can bring one back), and
/// so do the noncharacters U+FFFE and U+FFFF, which libxml2 would drop.
///
/// Engine input is prepared (valid UTF-8, no NUL, no carriage return), so these are all that
/// can differ between the text md4c reports and the text an import of its HTML holds.
enum ImportedTextRepair {
  /// `bytes` (valid UTF-8) as the text an import would hold.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard needsRepair(bytes) else { return String(decoding: bytes, as: UTF8.self) }
    return repair(String(decoding: bytes, as: UTF8.self))
  }

  /// `text` as an import would hold it; `text` itself when nothing changes.
  static func repaired(_ text: String) -> String {
    var text = text
    guard text.withUTF8({ needsRepair($0) }) else { return text }
    return repair(text)
  }

  /// Whether `bytes` (valid UTF-8) hold a character the importer changes: a control other
  /// than tab and line feed, or U+FFFE or U+FFFF (`EF BF BE`, `EF BF BF`).
  ///
  /// A word of eight bytes at a time, looked at byte by byte only when one of them is below
  /// `0x20` or is `EF` (which starts much of CJK punctuation, so it is checked exactly).
  static func needsRepair(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      while count &- index >= 8 {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        // A byte below 0x20 in `word`, or a zero byte in `word ^ 0xEF…`, sets a top bit here
        // (the test for "some byte is below n" of Anderson's bit hacks, exact for n ≤ 128).
        let marks = word ^ (ones &* 0xEF)
        let flagged = ((word &- ones &* 0x20) & ~word) | ((marks &- ones) & ~marks)
        if flagged & high != 0 {
          for offset in index..<index &+ 8 where isChanged(bytes, at: offset) { return true }
        }
        index &+= 8
      }
    }
    for offset in index..<count where isChanged(bytes, at: offset) { return true }
    return false
  }

  @inline(__always)
  private static func isChanged(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let byte = bytes[index]
    if byte < 0x20 { return byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") }
    return byte == 0xEF && index + 2 < bytes.count && bytes[index + 1] == 0xBF
      && bytes[index + 2] & 0xFE == 0xBE
  }

  /// `scalar` as an import would hold it.
  static func repaired(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x09, 0x0A: scalar
    case 0x0C: " "
    case 0x0D: "\n"
    case 0..<0x20, 0xFFFE, 0xFFFF: "\u{FFFD}"
    default: scalar
    }
  }

  private static func repair(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { scalars.append(repaired(scalar)) }
    return String(scalars)
  }
}
