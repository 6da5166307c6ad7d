import RenderCore

/// Rewrites the character references libxml2 2.9 (an HTML 4 parser) decodes differently from
/// HTML5, before it sees them, so both importers show what a browser shows: HTML5-only names
/// (`&Kopf;`), legacy names without `;` (`&copy 2024`, `&AMP`), `&#x80;`–`&#x9F;` as
/// windows-1252, `&#0;`, surrogates and values past U+10FFFF as U+FFFD, `&#` with no digits
/// kept as text. Each becomes its character in UTF-8 (or a numeric reference libxml2 reads
/// right, for markup characters); everything else is left for libxml2.
///
/// One forward pass; script, style and other raw-text content, comments and end tags are
/// skipped, and in attribute values a legacy name followed by a letter, digit or `=` stays as
/// written (`?a=1&copy=2`), as HTML says. The input is copied only at the first rewrite.
struct CharacterReferenceRepair {
  private let input: UnsafeBufferPointer<UInt8>
  private var output: [UInt8] = []
  private var copied = 0

  /// The repaired bytes, or nil when nothing needed a rewrite.
  static func repair(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard input.contains(UInt8(ascii: "&")) || input.contains(UInt8(ascii: "<")) else {
      return nil
    }
    var repair = CharacterReferenceRepair(input: input)
    repair.run()
    guard repair.copied > 0 else { return nil }
    repair.output.append(contentsOf: input[repair.copied...])
    return repair.output
  }

  private init(input: UnsafeBufferPointer<UInt8>) {
    self.input = input
  }

  /// Elements whose content is not markup (and `plaintext`, which ends markup for good).
  private static let rawTextElements: [[UInt8]] = HTMLElements.rawText.map { Array($0.utf8) }

  /// The raw-text element `name` (any case) names, if it names one; no String per tag.
  private static func rawTextElement(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
    guard name.count <= 9 else { return nil }
    for element in rawTextElements where element.count == name.count {
      if zip(name, element).allSatisfy({ $0 | 0x20 == $1 }) {
        return String(decoding: element, as: UTF8.self)
      }
    }
    return nil
  }

  private mutating func run() {
    var at = 0
    let count = input.count
    while at < count {
      switch input[at] {
      case UInt8(ascii: "&"): at = reference(at, inAttribute: false)
      case UInt8(ascii: "<"): at = markup(at)
      default: at += 1
      }
    }
  }

  /// Handles the markup at `at` (a `<`); returns where text resumes.
  private mutating func markup(_ at: Int) -> Int {
    let count = input.count
    if starts(with: "<!--", at: at) {
      return find("-->", from: at + 4).map { $0 + 3 } ?? count
    }
    guard at + 1 < count, Self.isLetter(input[at + 1]) else { return otherMarkup(at) }
    var end = at + 1
    while end < count, !Self.endsName(input[end]) { end += 1 }
    let name = Self.rawTextElement(input[(at + 1)..<end])
    // Attributes up to the tag's `>`, quote-aware.
    var quote: UInt8?
    while end < count {
      let byte = input[end]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      }
      if byte == UInt8(ascii: "&") {
        end = reference(end, inAttribute: true)
        continue
      }
      end += 1
    }
    end = min(end + 1, count)
    guard let name else { return end }
    if name == "plaintext" { return count }
    return findEndTag(name, from: end) ?? count
  }

  /// Markup at `at` that is not a start tag: an end tag and a doctype pass; what HTML5 reads
  /// as a bogus comment (`<!x>`, `<![CDATA[…]]>` outside SVG and MathML, `<?x>`, `</ x>`,
  /// up to the first `>`) is dropped, where libxml2 would show it as text; `</>` is dropped.
  private mutating func otherMarkup(_ at: Int) -> Int {
    let count = input.count
    guard at + 1 < count else { return count }
    let next = input[at + 1]
    let isBogus: Bool
    switch next {
    case UInt8(ascii: "!"):
      let keyword = input[(at + 2)..<min(at + 9, count)].map { $0 | 0x20 }
      isBogus = keyword != Array("doctype".utf8)
    case UInt8(ascii: "?"): isBogus = true
    case UInt8(ascii: "/"):
      guard at + 2 < count else { return count }
      isBogus = !Self.isLetter(input[at + 2])
    default: return at + 1
    }
    let end = find(">", from: at + 1).map { $0 + 1 } ?? count
    if isBogus { replace(at..<end, with: "") }
    return end
  }

  /// Handles the `&` at `at`; returns where scanning resumes.
  private mutating func reference(_ at: Int, inAttribute: Bool) -> Int {
    let count = input.count
    guard at + 1 < count else { return at + 1 }
    if input[at + 1] == UInt8(ascii: "#") { return numeric(at) }
    var end = at + 1
    while end < count, end - at - 1 < NamedCharacterReferences.longestName,
      Self.isLetter(input[end]) || Self.isDigit(input[end])
    {
      end += 1
    }
    if end < count, input[end] == UInt8(ascii: ";") {
      // An HTML 4 name with its `;` is libxml2's to decode.
      let name = String(decoding: input[(at + 1)..<end], as: UTF8.self)
      if NamedCharacterReferences.html4Names.contains(name) { return end + 1 }
      end += 1
    }
    // The longest name in the table that the text starts with, as HTML matches them.
    var length = end - at - 1
    while length > 0 {
      let name = String(decoding: input[(at + 1)..<(at + 1 + length)], as: UTF8.self)
      if let text = NamedCharacterReferences.table[name] {
        let after = at + 1 + length
        if !name.hasSuffix(";"), inAttribute, after < count,
          Self.isLetter(input[after]) || Self.isDigit(input[after])
            || input[after] == UInt8(ascii: "=")
        {
          return after
        }
        replace(at..<after, with: text)
        return after
      }
      length -= 1
    }
    return at + 1
  }

  /// `&#…`: decimal or hexadecimal, `;` optional, as HTML decodes it.
  private mutating func numeric(_ at: Int) -> Int {
    let count = input.count
    var digitsStart = at + 2
    var radix: UInt32 = 10
    if digitsStart < count, input[digitsStart] | 0x20 == UInt8(ascii: "x") {
      radix = 16
      digitsStart += 1
    }
    var end = digitsStart
    var value: UInt32 = 0
    while end < count, let digit = Self.digit(input[end], radix: radix) {
      value = value > 0x10FFFF ? value : value * radix + digit
      end += 1
    }
    guard end > digitsStart else {
      // No digits: the text stays as written, which libxml2 would drop.
      replace(at..<(at + 1), with: "&amp;")
      return at + 1
    }
    let terminated = end < count && input[end] == UInt8(ascii: ";")
    if terminated { end += 1 }
    let scalar: Unicode.Scalar
    switch value {
    case 0, 0xD800...0xDFFF, 0x110000...: scalar = "\u{FFFD}"
    case 0x80...0x9F: scalar = Unicode.Scalar(DetectedEncoding.windows1252High[Int(value) - 0x80])!
    case 0x09, 0x0A, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
      // libxml2 reads these itself when they end with `;`.
      if terminated { return end }
      scalar = Unicode.Scalar(value)!
    default: scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    }
    replace(at..<end, with: String(scalar))
    return end
  }

  /// Writes `text` in place of `range`; markup characters as references libxml2 decodes.
  private mutating func replace(_ range: Range<Int>, with text: String) {
    if output.isEmpty { output.reserveCapacity(input.count + 64) }
    output.append(contentsOf: input[copied..<range.lowerBound])
    switch text {
    case "<": output.append(contentsOf: "&#60;".utf8)
    case "&" where range.count > 1: output.append(contentsOf: "&#38;".utf8)
    case "\"": output.append(contentsOf: "&#34;".utf8)
    case "'": output.append(contentsOf: "&#39;".utf8)
    case ">": output.append(contentsOf: "&#62;".utf8)
    default: output.append(contentsOf: text.utf8)
    }
    copied = range.upperBound
  }

  // MARK: Scanning

  private func starts(with text: StaticString, at offset: Int) -> Bool {
    let length = text.utf8CodeUnitCount
    guard input.count - offset >= length else { return false }
    for index in 0..<length where input[offset + index] != text.utf8Start[index] { return false }
    return true
  }

  private func find(_ text: StaticString, from start: Int) -> Int? {
    var at = start
    while at < input.count {
      if starts(with: text, at: at) { return at }
      at += 1
    }
    return nil
  }

  /// Where `</name` (any case) followed by a name end starts, at or after `start`.
  private func findEndTag(_ name: String, from start: Int) -> Int? {
    let name = Array(name.utf8)
    var at = start
    while let open = find("</", from: at) {
      let nameEnd = open + 2 + name.count
      if nameEnd <= input.count,
        zip(input[(open + 2)..<nameEnd], name).allSatisfy({ $0 | 0x20 == $1 }),
        nameEnd == input.count || Self.endsName(input[nameEnd])
      {
        return open
      }
      at = open + 2
    }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09
      || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  private static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
    if isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
    let lower = byte | 0x20
    if radix == 16, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") {
      return UInt32(lower - UInt8(ascii: "a") + 10)
    }
    return nil
  }
}
