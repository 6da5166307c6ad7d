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

  /// Whether any byte starts a character the importer changes: a control other than tab and
  /// line feed, or `EF`, with which U+FFFE and U+FFFF start (checked properly in ``repair(_:)``).
  @inline(__always)
  private static func needsRepair(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte < 0x20 || byte == 0xEF {
      if byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") { return true }
    }
    return false
  }

  private static func repair(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A: scalars.append(scalar)
      case 0x0C: scalars.append(" ")
      case 0x0D: scalars.append("\n")
      case 0..<0x20, 0xFFFE, 0xFFFF: scalars.append("\u{FFFD}")
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
