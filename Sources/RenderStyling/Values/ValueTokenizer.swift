/// Splits a declaration's value into ``ValueToken``s, skipping whitespace and comments.
///
/// A parenthesised block is a function with an empty name. Function arguments stay raw text (their parentheses matched by counting, not recursion);
/// the colour parser tokenizes them again.
struct ValueTokenizer {
  /// Why a value could not be tokenized.
  struct Problem: Error {
    var message: String
  }

  private let bytes: [UInt8]
  private var index = 0

  private init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// The tokens of `text`.
  static func tokenize(_ text: String) throws(Problem) -> [ValueToken] {
    var tokenizer = ValueTokenizer(text)
    return try tokenizer.tokens()
  }

  private mutating func tokens() throws(Problem) -> [ValueToken] {
    var tokens: [ValueToken] = []
    let end = bytes.count
    while index < end {
      let byte = bytes[index]
      if CSSSyntax.isWhitespace(byte) {
        index += 1
      } else if CSSSyntax.startsComment(bytes, at: index, end: end) {
        _ = CSSSyntax.skipComment(bytes, at: &index, end: end)
      } else if startsNumber() {
        tokens.append(readNumber())
      } else if var name = CSSSyntax.readIdentifier(bytes, at: &index, end: end) {
        if index < end, bytes[index] == UInt8(ascii: "(") {
          name = name.lowercased()
          tokens.append(.function(name: name, arguments: try readArguments(of: name)))
        } else {
          tokens.append(.identifier(name))
        }
      } else if byte == UInt8(ascii: "(") {
        tokens.append(.function(name: "", arguments: try readArguments(of: "")))
      } else if byte == UInt8(ascii: "#") {
        index += 1
        var hashEnd = index
        while hashEnd < end, CSSSyntax.isName(bytes[hashEnd]) { hashEnd += 1 }
        tokens.append(.hash(String(decoding: bytes[index..<hashEnd], as: UTF8.self)))
        index = hashEnd
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        tokens.append(.string(try readString()))
      } else {
        index += 1
        switch byte {
        case UInt8(ascii: ","): tokens.append(.comma)
        case UInt8(ascii: "/"): tokens.append(.slash)
        default:
          let scalar = byte < 0x80 ? Unicode.Scalar(byte) : "\u{FFFD}"
          tokens.append(.delimiter(Character(scalar)))
        }
      }
    }
    return tokens
  }

  private func startsNumber() -> Bool {
    var position = index
    let end = bytes.count
    if position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
    {
      position += 1
    }
    guard position < end else { return false }
    if CSSSyntax.isDigit(bytes[position]) { return true }
    return bytes[position] == UInt8(ascii: ".") && position + 1 < end
      && CSSSyntax.isDigit(bytes[position + 1])
  }

  private mutating func readNumber() -> ValueToken {
    let end = bytes.count
    let start = index
    if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    while index < end, CSSSyntax.isDigit(bytes[index]) { index += 1 }
    if index + 1 < end, bytes[index] == UInt8(ascii: "."), CSSSyntax.isDigit(bytes[index + 1]) {
      index += 1
      while index < end, CSSSyntax.isDigit(bytes[index]) { index += 1 }
    }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      var exponent = index + 1
      if exponent < end,
        bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-")
      {
        exponent += 1
      }
      if exponent < end, CSSSyntax.isDigit(bytes[exponent]) {
        index = exponent
        while index < end, CSSSyntax.isDigit(bytes[index]) { index += 1 }
      }
    }
    let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .nan
    if index < end, bytes[index] == UInt8(ascii: "%") {
      index += 1
      return .number(value, unit: "%")
    }
    let unit = CSSSyntax.readIdentifier(bytes, at: &index, end: end)?.lowercased() ?? ""
    return .number(value, unit: unit)
  }

  /// Reads `(…)` after a function name, counting nested parentheses.
  private mutating func readArguments(of name: String) throws(Problem) -> String {
    let end = bytes.count
    index += 1
    let start = index
    var depth = 1
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        guard CSSSyntax.skipString(bytes, at: &index, end: end) else {
          throw Problem(message: "unterminated string in \(name)()")
        }
        continue
      }
      if byte == CSSSyntax.backslash {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 {
          let arguments = String(decoding: bytes[start..<index], as: UTF8.self)
          index += 1
          return arguments
        }
      }
      index += 1
    }
    throw Problem(message: "\(name)( is not closed with \")\"")
  }

  private mutating func readString() throws(Problem) -> String {
    guard let value = CSSSyntax.readString(bytes, at: &index, end: bytes.count) else {
      throw Problem(message: "unterminated string")
    }
    return value
  }
}
