import RenderCore

/// The title a page takes from its own content: the text of the first `h1`, else of the first
/// heading of any level, with tags stripped, character references decoded and whitespace
/// collapsed.
///
/// A single forward scan over the bytes: it skips comments and the raw-text elements whose
/// content is not markup (`script`, `style`, `textarea`, `title`), so a heading written inside
/// them is not taken for one.
enum PageTitle {
  private typealias Bytes = [UInt8]

  /// The first non-empty `h1` text in `html`, else the first non-empty heading text, else nil.
  static func firstHeading(in html: String) -> String? {
    let bytes = Array(html.utf8)
    var firstOfAnyLevel: String?
    var position = 0
    while let (level, contentStart) = nextHeading(in: bytes, from: position) {
      let (contentEnd, after) = headingEnd(in: bytes, from: contentStart)
      let text = plainText(bytes[contentStart..<contentEnd])
      if !text.isEmpty {
        if level == 1 { return text }
        if firstOfAnyLevel == nil { firstOfAnyLevel = text }
      }
      position = after
    }
    return firstOfAnyLevel
  }

  /// The level and content start of the next heading start tag at or after `start`.
  private static func nextHeading(in bytes: Bytes, from start: Int) -> (Int, Int)? {
    var index = start
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if hasPrefix("<!--", in: bytes, at: index) {
        index = find("-->", in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
        continue
      }
      let name = tagName(in: bytes, at: index + 1)
      guard !name.isEmpty else {
        index += 1
        continue
      }
      let end = tagEnd(in: bytes, from: index)
      if let level = headingLevel(name) { return (level, end) }
      if HTMLElements.rawText.contains(name) || HTMLElements.escapableRawText.contains(name) {
        index = find("</" + name, in: bytes, from: end, ignoringCase: true) ?? bytes.count
      } else {
        index = end
      }
    }
    return nil
  }

  /// Where the heading's content ends (the next heading end tag of any level, which is what
  /// closes it in a browser too) and where scanning resumes.
  private static func headingEnd(in bytes: Bytes, from start: Int) -> (Int, Int) {
    var index = start
    while let close = find("</h", in: bytes, from: index, ignoringCase: true) {
      let name = tagName(in: bytes, at: close + 2)
      if headingLevel(name) != nil { return (close, tagEnd(in: bytes, from: close)) }
      index = close + 3
    }
    return (bytes.count, bytes.count)
  }

  /// The text of a stretch of markup: tags and comments dropped, references decoded,
  /// whitespace runs collapsed to one space and trimmed.
  private static func plainText(_ markup: ArraySlice<UInt8>) -> String {
    let bytes = Array(markup)
    var text: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<") {
        if hasPrefix("<!--", in: bytes, at: index) {
          index = find("-->", in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
          continue
        }
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if isASCIILetter(next) || next == UInt8(ascii: "/") {
          index = tagEnd(in: bytes, from: index)
          continue
        }
      }
      text.append(bytes[index])
      index += 1
    }
    let decoded = CharacterReference.decode(String(decoding: text, as: UTF8.self))
    return decoded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// 1–6 for `h1`…`h6`, else nil.
  private static func headingLevel(_ name: String) -> Int? {
    let scalars = Array(name.unicodeScalars)
    guard scalars.count == 2, scalars[0] == "h", ("1"..."6").contains(scalars[1]) else {
      return nil
    }
    return Int(scalars[1].value - Unicode.Scalar("0").value)
  }

  /// The lower-cased tag name starting at `start` (just after `<` or `</`), or "" when no
  /// letter starts there.
  private static func tagName(in bytes: Bytes, at start: Int) -> String {
    guard start < bytes.count, isASCIILetter(bytes[start]) else { return "" }
    var end = start
    while end < bytes.count, isASCIILetter(bytes[end]) || (0x30...0x39).contains(bytes[end]) {
      end += 1
    }
    return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
  }

  /// The index just after the `>` that ends the tag starting at `start`; a `>` inside a
  /// quoted attribute value does not end it.
  private static func tagEnd(in bytes: Bytes, from start: Int) -> Int {
    var index = start + 1
    var quote: UInt8?
    var afterEquals = false
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: ">"):
        return index
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        if afterEquals { quote = byte }
        afterEquals = false
      case UInt8(ascii: "="):
        afterEquals = true
      case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
        break  // whitespace between `=` and a value keeps the value quotable
      default:
        afterEquals = false
      }
    }
    return bytes.count
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func hasPrefix(_ prefix: String, in bytes: Bytes, at start: Int) -> Bool {
    let pattern = Array(prefix.utf8)
    return start + pattern.count <= bytes.count
      && bytes[start..<start + pattern.count].elementsEqual(pattern)
  }

  /// The first index at or after `start` where `pattern` (ASCII) occurs.
  private static func find(
    _ pattern: String, in bytes: Bytes, from start: Int, ignoringCase: Bool = false
  ) -> Int? {
    let needle = Array(pattern.utf8)
    guard let first = needle.first, start + needle.count <= bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if lowered(bytes[index], ignoringCase) == first {
        var matched = true
        for offset in 1..<needle.count
        where lowered(bytes[index + offset], ignoringCase) != needle[offset] {
          matched = false
          break
        }
        if matched { return index }
      }
      index += 1
    }
    return nil
  }

  private static func lowered(_ byte: UInt8, _ ignoringCase: Bool) -> UInt8 {
    ignoringCase && (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
