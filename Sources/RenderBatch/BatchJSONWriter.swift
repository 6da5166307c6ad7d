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
  mutating func raw(_ key: String, _ json: Data) {
    self.key(key)
    json.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress,
        memchr(base, 0x0A, buffer.count) != nil || memchr(base, 0x0D, buffer.count) != nil
      else {
        bytes.append(contentsOf: buffer)
        return
      }
      for byte in buffer where byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
        bytes.append(byte)
      }
    }
  }

  /// Any JSON value; an object's keys sorted, so that equal values give equal bytes.
  static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
    switch value {
    case .null: bytes += Array("null".utf8)
    case .bool(let flag): bytes += Array((flag ? "true" : "false").utf8)
    case .number(let number): bytes += Array(format(number).utf8)
    case .string(let text): appendString(text, to: &bytes)
    case .array(let items): appendArray(items, to: &bytes, element: append)
    case .object(let members): appendObject(members, to: &bytes, member: append)
    }
  }

  /// Front matter as JSON, laid out as a `JSONValue` is;
  /// its whole numbers exactly, however large.
  static func append(_ value: MetadataValue, to bytes: inout [UInt8]) {
    switch value {
    case .null: bytes += Array("null".utf8)
    case .bool(let flag): bytes += Array((flag ? "true" : "false").utf8)
    case .integer(let number): bytes += Array(String(number).utf8)
    case .double(let number): bytes += Array(format(number).utf8)
    case .string(let text): appendString(text, to: &bytes)
    case .array(let items): appendArray(items, to: &bytes, element: append)
    case .dictionary(let members): appendObject(members, to: &bytes, member: append)
    }
  }

  private static func appendArray<Element>(
    _ items: [Element], to bytes: inout [UInt8], element: (Element, inout [UInt8]) -> Void
  ) {
    bytes.append(UInt8(ascii: "["))
    for (index, item) in items.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      element(item, &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// An object with its keys sorted, so that equal objects give equal bytes.
  private static func appendObject<Value>(
    _ members: [String: Value], to bytes: inout [UInt8], member: (Value, inout [UInt8]) -> Void
  ) {
    bytes.append(UInt8(ascii: "{"))
    for (index, name) in members.keys.sorted().enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendString(name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      member(members[name]!, &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
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
    var text = text
    // A string's UTF-8 is always valid.
    _ = text.withUTF8 { appendString(utf8: $0, to: &bytes) }
  }

  /// The fragment's HTML as a JSON string, escaped from the engine's bytes as they are: no
  /// string is made of them first. Bytes that are not UTF-8 (which no engine writes from the
  /// text a worker decoded) are repaired as a string repairs them.
  static func appendString(_ fragment: HTMLFragment, to bytes: inout [UInt8]) {
    let isValid = fragment.withUTF8 { appendString(utf8: $0, to: &bytes) }
    if !isValid { appendString(fragment.html, to: &bytes) }
  }

  /// Text a worker wrote, as a JSON string, escaped from its bytes; bytes that are not UTF-8
  /// are repaired as a string repairs them.
  static func appendString(utf8 data: Data, to bytes: inout [UInt8]) {
    let isValid = data.withUnsafeBytes {
      appendString(utf8: $0.bindMemory(to: UInt8.self), to: &bytes)
    }
    if !isValid { appendString(String(decoding: data, as: UTF8.self), to: &bytes) }
  }

  /// `utf8` as a string is written, escaped the same way; false, having appended nothing,
  /// when `utf8` is not valid UTF-8.
  private static func appendString(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8])
    -> Bool
  {
    let start = bytes.count
    bytes.reserveCapacity(start + utf8.count + 2)
    bytes.append(UInt8(ascii: "\""))
    // The bytes that need no escape go in by runs: an output is mostly such bytes.
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      var scalar = UInt32(byte)
      var length = 1
      if byte >= 0x80 {
        length = sequenceLength(utf8, at: index)
        guard length > 0 else {
          bytes.removeSubrange(start...)
          return false
        }
        guard byte == 0xE2, utf8[index + 1] == 0x80, utf8[index + 2] & 0xFE == 0xA8 else {
          index += length
          continue
        }
        scalar = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
      } else if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      let letter: UInt8? =
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
        case UInt8(ascii: "\n"): UInt8(ascii: "n")
        case UInt8(ascii: "\r"): UInt8(ascii: "r")
        case UInt8(ascii: "\t"): UInt8(ascii: "t")
        default: nil
        }
      if let letter {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(letter)
      } else {
        appendEscape(scalar, to: &bytes)
      }
      index += length
      runStart = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    bytes.append(UInt8(ascii: "\""))
    return true
  }

  /// The length of the UTF-8 sequence whose lead byte (not ASCII) is at `index`; 0 when the
  /// bytes there are not one (Unicode's table of well-formed sequences).
  private static func sequenceLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    let length: Int
    switch utf8[index] {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard index + length <= utf8.count, (low...high).contains(utf8[index + 1]) else { return 0 }
    for offset in 2..<length where utf8[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }

  private static func appendEscape(_ value: UInt32, to bytes: inout [UInt8]) {
    let hex = String(value, radix: 16)
    bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
  }
}
