import Foundation
import RenderKit

/// Writes one JSON object as one line of bytes, its keys in the order written: the answers
/// of a batch are compared byte for byte, so nothing here depends on a dictionary's order
/// or on `JSONEncoder`'s formatting.
struct BatchJSONWriter {
  private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
  private var isFirstKey = true

  /// The object's bytes, closed, with the line's newline.
  var line: Data {
    Data(bytes + [UInt8(ascii: "}"), UInt8(ascii: "\n")])
  }

  mutating func key(_ name: String) {
    if !isFirstKey { bytes.append(UInt8(ascii: ",")) }
    isFirstKey = false
    Self.appendString(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  mutating func string(_ key: String, _ value: String) {
    self.key(key)
    Self.appendString(value, to: &bytes)
  }

  mutating func integer(_ key: String, _ value: Int) {
    self.key(key)
    bytes += Array(String(value).utf8)
  }

  mutating func bool(_ key: String, _ value: Bool) {
    self.key(key)
    bytes += Array((value ? "true" : "false").utf8)
  }

  mutating func value(_ key: String, _ value: JSONValue) {
    self.key(key)
    Self.append(value, to: &bytes)
  }

  /// JSON text that is known to be valid, spliced in as it is once its line breaks (which
  /// JSON allows only between tokens) are taken out, so that the answer stays one line.
  mutating func raw(_ key: String, _ json: some Collection<UInt8>) {
    self.key(key)
    for byte in json where byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
      bytes.append(byte)
    }
  }

  /// Any JSON value; an object's keys sorted, so that equal values give equal bytes.
  static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
    switch value {
    case .null: bytes += Array("null".utf8)
    case .bool(let flag): bytes += Array((flag ? "true" : "false").utf8)
    case .number(let number): bytes += Array(format(number).utf8)
    case .string(let text): appendString(text, to: &bytes)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        append(item, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, name) in members.keys.sorted().enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(members[name]!, to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A number as JSON writes it: whole numbers without a fraction (an `id` of `7` comes back
  /// as `7`, not `7.0`); non-finite ones, which JSON cannot hold, as `null`.
  static func format(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
      return String(Int64(number))
    }
    return "\(number)"
  }

  /// `text` as a JSON string: quotes, backslashes and controls escaped, and U+2028 and
  /// U+2029 too, which some JavaScript readers take for line ends; the rest as UTF-8.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    let utf8 = Array(text.utf8)
    bytes.reserveCapacity(bytes.count + utf8.count + 2)
    bytes.append(UInt8(ascii: "\""))
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
      case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20: appendEscape(UInt32(byte), to: &bytes)
      case 0xE2
      where index + 1 < utf8.count && utf8[index] == 0x80
        && (utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9):
        appendEscape(utf8[index + 1] == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
        index += 2
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(_ value: UInt32, to bytes: inout [UInt8]) {
    let hex = String(value, radix: 16)
    bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
  }
}
