/// Reads the primitives of the shim's event stream: a kind byte, a `UInt32`, a sized string.
struct EventReader {
  let events: UnsafeRawBufferPointer
  var offset = 0

  /// The next byte, or nil at the end.
  mutating func byte() -> UInt8? {
    guard offset < events.count else { return nil }
    defer { offset += 1 }
    return events[offset]
  }

  /// The next host-order `UInt32`, as an `Int`.
  mutating func integer() -> Int {
    defer { offset += 4 }
    return Int(events.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  /// The bytes of the next length-prefixed UTF-8 string, in place.
  mutating func bytes() -> UnsafeBufferPointer<UInt8> {
    let length = integer()
    defer { offset += length }
    return UnsafeRawBufferPointer(rebasing: events[offset..<offset + length])
      .assumingMemoryBound(to: UInt8.self)
  }

  /// The next length-prefixed UTF-8 string (the shim only writes valid UTF-8).
  mutating func string() -> String {
    let length = integer()
    defer { offset += length }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: events[offset..<offset + length]), as: UTF8.self)
  }
}
