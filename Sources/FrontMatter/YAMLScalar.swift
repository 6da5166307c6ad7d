import RenderCore

/// How a plain (unquoted) YAML scalar is typed: YAML 1.2's core schema (`null`, `~` and the
/// empty scalar; `true`/`false` in three spellings; decimal, `0o` octal and `0x` hexadecimal
/// integers; decimal floats with `.inf` and `.nan`). Anything else, and every quoted or block
/// scalar, is a string; so are dates, as YAML 1.2 leaves them.
enum YAMLScalar {
  /// The value of a scalar with this text and tag.
  static func value(_ text: String, quoted: Bool, tag: String?) -> MetadataValue {
    switch tag {
    case nil: return quoted ? .string(text) : resolvePlain(text)
    case "tag:yaml.org,2002:str": return .string(text)
    case .some(let tag) where tag.hasPrefix("tag:yaml.org,2002:"): return resolvePlain(text)
    default: return .string(text)  // an application tag (`!thing`) says nothing about the type
    }
  }

  private static func resolvePlain(_ text: String) -> MetadataValue {
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
    case ".nan", ".NaN", ".NAN": return .double(.nan)
    default: break
    }
    if let integer = integer(text) { return .integer(integer) }
    if isDecimalFloat(text), let double = Double(text) { return .double(double) }
    return .string(text)
  }

  /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`, when it fits 64 bits.
  private static func integer(_ text: String) -> Int? {
    if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
    if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
    var digits = Substring(text)
    if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int(text)
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
  private static func isDecimalFloat(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    func digits() -> Int {
      let count = bytes.prefix { (0x30...0x39).contains($0) }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    var mantissa = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
