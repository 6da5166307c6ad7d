import Foundation

extension JSONValue {
  /// Why a text is not one JSON value.
  package struct SyntaxError: Error, Equatable {
    /// The byte offset where the text stops being JSON.
    package let offset: Int

    /// Where ``offset`` is in `json`, counted from 1 as editors count: the line, and the
    /// character (Unicode scalar) in it.
    package func position(in json: Data) -> (line: Int, column: Int) {
      let before = json.prefix(min(offset, json.count))
      let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
      let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      let column = before[lineStart...].reduce(1) { ($1 & 0xC0) == 0x80 ? $0 : $0 + 1 }
      return (line, column)
    }

    /// What is wrong at ``offset`` in `json`, in plain words: `found '}'`, or the end of the
    /// text; a comma before a closing bracket is named as such, since JSON has no trailing
    /// commas and that is the slip a hand-written file makes most.
    package func description(in json: Data) -> String {
      guard offset < json.count else { return "the text ends too early" }
      let byte = json[json.startIndex + offset]
      let found =
        byte >= 0x20 && byte < 0x7F
        ? "found '\(Character(UnicodeScalar(byte)))'" : String(format: "found byte 0x%02X", byte)
      guard byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"),
        json.prefix(offset).last(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
          == UInt8(ascii: ",")
      else { return found }
      return "\(found) after a comma; JSON allows no comma after the last item"
    }
  }

  /// The JSON value `json` holds: what `JSONDecoder` gives for it, read in one pass over
  /// the bytes. A batch record is mostly one long string, often all `\u` escapes (Python's
  /// `json.dumps` writes every non-ASCII character so), which `JSONDecoder` appends to its
  /// string one scalar at a time. Throws for anything but one value with blanks around it,
  /// for strings that are not UTF-8 or hold a lone surrogate, and past 512 levels of nesting.
  package init(parsing json: Data) throws(SyntaxError) {
    var result: Result<JSONValue, SyntaxError> = .failure(SyntaxError(offset: 0))
    json.withUnsafeBytes { buffer in
      var parser = JSONParser(bytes: buffer)
      result = Result { () throws(SyntaxError) in try parser.document() }
    }
    self = try result.get()
  }
}

/// Reads JSON text from bytes, by recursive descent.
private struct JSONParser {
  let bytes: UnsafeRawBufferPointer
  var index = 0
  var depth = 0
  static let maximumDepth = 512

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  mutating func document() throws(JSONValue.SyntaxError) -> JSONValue {
    let value = try self.value()
    skipBlanks()
    guard index == bytes.count else { throw failure }
    return value
  }

  private var failure: JSONValue.SyntaxError { JSONValue.SyntaxError(offset: index) }

  private mutating func skipBlanks() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value() throws(JSONValue.SyntaxError) -> JSONValue {
    skipBlanks()
    guard index < bytes.count else { throw failure }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      index += 1
      return .string(try string())
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default: return .number(try number())
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONValue.SyntaxError) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count,
      memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0
    else { throw failure }
    index += count
  }

  private mutating func nested<Value>(
    _ read: (inout JSONParser) throws(JSONValue.SyntaxError) -> Value
  ) throws(JSONValue.SyntaxError) -> Value {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure }
    defer { depth -= 1 }
    return try read(&self)
  }

  private mutating func object() throws(JSONValue.SyntaxError) -> JSONValue {
    try nested { (parser) throws(JSONValue.SyntaxError) in
      parser.index += 1
      var members: [String: JSONValue] = [:]
      parser.skipBlanks()
      if parser.take(UInt8(ascii: "}")) { return .object(members) }
      repeat {
        parser.skipBlanks()
        guard parser.take(UInt8(ascii: "\"")) else { throw parser.failure }
        let key = try parser.string()
        parser.skipBlanks()
        guard parser.take(UInt8(ascii: ":")) else { throw parser.failure }
        // The last of a duplicated key: its readers refuse duplicates (JSONDuplicateKeys).
        members[key] = try parser.value()
        parser.skipBlanks()
      } while parser.take(UInt8(ascii: ","))
      guard parser.take(UInt8(ascii: "}")) else { throw parser.failure }
      return .object(members)
    }
  }

  private mutating func array() throws(JSONValue.SyntaxError) -> JSONValue {
    try nested { (parser) throws(JSONValue.SyntaxError) in
      parser.index += 1
      var items: [JSONValue] = []
      parser.skipBlanks()
      if parser.take(UInt8(ascii: "]")) { return .array(items) }
      repeat {
        items.append(try parser.value())
        parser.skipBlanks()
      } while parser.take(UInt8(ascii: ","))
      guard parser.take(UInt8(ascii: "]")) else { throw parser.failure }
      return .array(items)
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// The bytes from `start` to `index`, typed for copying: appending a slice of the raw
  /// buffer goes a byte at a time, a typed buffer in one copy.
  private func run(from start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, count: index - start)
  }

  /// The string whose text starts at `index`, to its closing quote.
  private mutating func string() throws(JSONValue.SyntaxError) -> String {
    var decoded: [UInt8] = []
    var runStart = index
    while index < bytes.count {
      skipPlainWords()
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text: String?
        if decoded.isEmpty {
          text = String(validating: run(from: runStart), as: UTF8.self)
        } else {
          decoded.append(contentsOf: run(from: runStart))
          text = String(validating: decoded, as: UTF8.self)
        }
        guard let text else { throw failure }
        index += 1
        return text
      }
      guard byte >= 0x20 else { throw failure }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      // Escapes only shorten the text: what is left of the input bounds what is decoded.
      if decoded.isEmpty { decoded.reserveCapacity(bytes.count - runStart) }
      decoded.append(contentsOf: run(from: runStart))
      index += 1
      guard index < bytes.count else { throw failure }
      let escaped = bytes[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"): try appendEscapedScalar(to: &decoded)
      default: throw failure
      }
      runStart = index
    }
    throw failure
  }

  /// Moves `index` past the 8-byte words that hold no quote, backslash or control byte, the
  /// bulk of a record's string, testing each word at once rather than byte by byte.
  private mutating func skipPlainWords() {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let quotes: UInt64 = 0x2222_2222_2222_2222
    let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
    let spaces: UInt64 = 0x2020_2020_2020_2020
    while bytes.count &- index >= 8 {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let quote = word ^ quotes
      let backslash = word ^ backslashes
      // A byte's top bit set here when it is a quote, a backslash, or below 0x20 (whose top
      // bit is clear in `word`: a byte of 0x80 or more is never flagged as below 0x20).
      let flagged =
        (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | ((word &- spaces) & ~word))
        & high
      guard flagged == 0 else { return }
      index &+= 8
    }
  }

  /// The scalar of a `\u` escape whose `u` was just read (two escapes for a surrogate
  /// pair), as UTF-8.
  private mutating func appendEscapedScalar(to decoded: inout [UInt8]) throws(JSONValue.SyntaxError)
  {
    var value = try hexQuad()
    if (0xD800..<0xDC00).contains(value) {
      guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw failure }
      let low = try hexQuad()
      guard (0xDC00..<0xE000).contains(low) else { throw failure }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(value) {
      throw failure
    }
    // UTF-8 written here: the standard library's encoder hands back a buffer that is then
    // appended a byte at a time, and a record of non-Latin text is mostly such escapes.
    switch value {
    case ..<0x80:
      decoded.append(UInt8(value))
    case ..<0x800:
      decoded.append(UInt8(0xC0 | value >> 6))
      decoded.append(UInt8(0x80 | value & 0x3F))
    case ..<0x10000:
      decoded.append(UInt8(0xE0 | value >> 12))
      decoded.append(UInt8(0x80 | value >> 6 & 0x3F))
      decoded.append(UInt8(0x80 | value & 0x3F))
    default:
      decoded.append(UInt8(0xF0 | value >> 18))
      decoded.append(UInt8(0x80 | value >> 12 & 0x3F))
      decoded.append(UInt8(0x80 | value >> 6 & 0x3F))
      decoded.append(UInt8(0x80 | value & 0x3F))
    }
  }

  private mutating func hexQuad() throws(JSONValue.SyntaxError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw failure }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// A number as JSON writes it: `-`, no leading zeros, an optional fraction and exponent.
  private mutating func number() throws(JSONValue.SyntaxError) -> Double {
    let start = index
    _ = take(UInt8(ascii: "-"))
    guard index < bytes.count else { throw failure }
    if !take(UInt8(ascii: "0")) {
      guard digits() > 0 else { throw failure }
    }
    if take(UInt8(ascii: ".")) {
      guard digits() > 0 else { throw failure }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard digits() > 0 else { throw failure }
    }
    guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw failure
    }
    return number
  }

  private mutating func digits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    return index - start
  }
}
