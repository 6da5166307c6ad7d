/// The byte-level rules of CSS syntax the parsers share: whitespace, names, escapes, strings
/// and comments, read from UTF-8 bytes.
enum CSSSyntax {
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let backslash = UInt8(ascii: "\\")
  static let newline = UInt8(ascii: "\n")

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  static func isNameStart(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
      || byte >= 0x80
  }

  static func isName(_ byte: UInt8) -> Bool {
    isNameStart(byte) || isDigit(byte) || byte == 0x2D
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
  }

  /// Whether an identifier starts at `index` (a name start, an escape, or `-` followed by one
  /// of those or another `-`).
  static func startsIdentifier(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
    guard index < end else { return false }
    let byte = bytes[index]
    if isNameStart(byte) { return true }
    if byte == backslash { return startsEscape(bytes, at: index, end: end) }
    guard byte == 0x2D, index + 1 < end else { return false }
    let next = bytes[index + 1]
    return isNameStart(next) || next == 0x2D
      || (next == backslash && startsEscape(bytes, at: index + 1, end: end))
  }

  static func startsEscape(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
    index + 1 < end && bytes[index] == backslash && bytes[index + 1] != newline
  }

  /// Reads an identifier starting at `index`, decoding escapes; nil when none starts there.
  static func readIdentifier(_ bytes: [UInt8], at index: inout Int, end: Int) -> String? {
    guard startsIdentifier(bytes, at: index, end: end) else { return nil }
    let start = index
    while index < end, isName(bytes[index]) { index += 1 }
    guard index < end, startsEscape(bytes, at: index, end: end) else {
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
    // Escapes are rare: only then is the name rebuilt scalar by scalar.
    var scalars = String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars
    var runStart = index
    while index < end {
      if isName(bytes[index]) {
        index += 1
      } else if startsEscape(bytes, at: index, end: end) {
        scalars.append(
          contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        scalars.append(readEscape(bytes, at: &index, end: end))
        runStart = index
      } else {
        break
      }
    }
    scalars.append(
      contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
    return String(scalars)
  }

  /// Reads the escape at `index` (which holds a backslash) and returns the scalar it stands for.
  /// Reads a quoted string starting at its opening quote, escapes resolved, and moves
  /// `index` past the closing quote; nil (index left at the problem) when the string is not
  /// closed before `end` or an unescaped newline, which CSS reads as a bad string.
  static func readString(_ bytes: [UInt8], at index: inout Int, end: Int) -> String? {
    let quote = bytes[index]
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    while index < end, bytes[index] != quote {
      if bytes[index] == newline { return nil }
      if bytes[index] == backslash {
        scalars.append(
          contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        if index + 1 < end, bytes[index + 1] == newline {
          index += 2
        } else {
          scalars.append(readEscape(bytes, at: &index, end: end))
        }
        runStart = index
      } else {
        index += 1
      }
    }
    guard index < end else { return nil }
    scalars.append(
      contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
    index += 1
    return String(scalars)
  }

  static func readEscape(_ bytes: [UInt8], at index: inout Int, end: Int) -> Unicode.Scalar {
    index += 1
    guard index < end else { return "\u{FFFD}" }
    guard isHexDigit(bytes[index]) else {
      var scalarEnd = index + 1
      while scalarEnd < end, bytes[scalarEnd] & 0xC0 == 0x80 { scalarEnd += 1 }
      let text = String(decoding: bytes[index..<scalarEnd], as: UTF8.self)
      index = scalarEnd
      return text.unicodeScalars.first ?? "\u{FFFD}"
    }
    var value: UInt32 = 0
    var digits = 0
    while index < end, digits < 6, isHexDigit(bytes[index]) {
      value = value * 16 + UInt32(hexValue(bytes[index]))
      index += 1
      digits += 1
    }
    if index < end, isWhitespace(bytes[index]) { index += 1 }
    guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
    return scalar
  }

  static func hexValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x61...0x66: byte - 0x61 + 10
    default: byte - 0x41 + 10
    }
  }

  /// Skips the comment starting at `index` (which holds `/*`); returns false when it is
  /// unterminated (then `index` is `end`).
  static func skipComment(_ bytes: [UInt8], at index: inout Int, end: Int) -> Bool {
    index += 2
    while index + 1 < end {
      if bytes[index] == star && bytes[index + 1] == slash {
        index += 2
        return true
      }
      index += 1
    }
    index = end
    return false
  }

  /// Skips the string starting at `index` (which holds its quote); returns false when it ends
  /// at a newline or the end of the text instead of its closing quote.
  static func skipString(_ bytes: [UInt8], at index: inout Int, end: Int) -> Bool {
    let quote = bytes[index]
    index += 1
    while index < end {
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return true
      }
      if byte == newline { return false }
      index += byte == backslash ? 2 : 1
    }
    index = end
    return false
  }

  /// Whether a comment starts at `index`.
  static func startsComment(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
    index + 1 < end && bytes[index] == slash && bytes[index + 1] == star
  }

  /// `bytes[range]` as text without surrounding whitespace, cut to `limit` characters, for
  /// quoting in diagnostics.
  static func excerpt(_ bytes: [UInt8], _ range: Range<Int>, limit: Int = 60) -> String {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
    while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
    let capped = min(upper, lower + limit * 4)
    let text = String(decoding: bytes[lower..<capped], as: UTF8.self)
    let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    guard collapsed.count > limit || capped < upper else { return collapsed }
    return String(collapsed.prefix(limit)) + "…"
  }
}
