/// Escapes text for HTML: the five characters that can end text or an attribute value early.
package enum HTMLEscaping {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, which makes it
  /// safe both as element text and inside a quoted attribute value.
  package static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { Self.needsEscaping($0) }) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func needsEscaping(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
  }
}
