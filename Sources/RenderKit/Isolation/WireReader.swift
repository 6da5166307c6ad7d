/// Reads the fields of one worker message: little-endian integers and length-prefixed strings.
///
/// Every read is bounds-checked and returns nil past the end, so a truncated or corrupt
/// message is reported, never trusted.
struct WireReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { offset == bytes.count }

  mutating func readByte() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func readLength() -> Int? {
    guard bytes.count - offset >= 4 else { return nil }
    var value = 0
    for index in 0..<4 { value |= Int(bytes[offset + index]) << (8 * index) }
    offset += 4
    return value
  }

  mutating func readString() -> String? {
    guard let length = readLength(), bytes.count - offset >= length else { return nil }
    defer { offset += length }
    return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
  }

  /// Everything not yet read, as text.
  mutating func readRemainder() -> String {
    defer { offset = bytes.count }
    return String(decoding: bytes[offset...], as: UTF8.self)
  }

  /// Appends `value` as four little-endian bytes; `value` must fit in 32 bits.
  static func appendLength(_ value: Int, to bytes: inout [UInt8]) {
    for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
  }

  /// Appends a length-prefixed UTF-8 string.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    appendLength(text.utf8.count, to: &bytes)
    bytes.append(contentsOf: text.utf8)
  }
}
