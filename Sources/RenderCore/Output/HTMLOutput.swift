import Foundation

/// One growing buffer of HTML bytes, handed over to an ``HTMLFragment`` without a copy: what
/// md4c's writer and ``HTMLSerializer`` write into.
///
/// It owns its memory (malloc'd, so that `realloc` can grow it in place, without a second
/// buffer of its size beside it) and frees it unless ``take()`` hands it on; being
/// non-copyable, no two values can ever share it.
package struct HTMLOutput: ~Copyable {
  @usableFromInline package var base: UnsafeMutablePointer<UInt8>
  @usableFromInline package var capacity: Int
  /// How many bytes have been written.
  @usableFromInline package internal(set) var count = 0

  /// A buffer sized for the HTML of `inputCount` bytes of Markdown: md4c's HTML is a little
  /// longer than its input on prose, so one growth step is the common worst case.
  package static func expectedCapacity(forInput inputCount: Int) -> Int {
    inputCount + inputCount / 4 + 64
  }

  /// An empty buffer with room for `capacity` bytes.
  package init(capacity: Int) {
    self.capacity = max(capacity, 64)
    guard let memory = malloc(self.capacity) else { fatalError("out of memory") }
    base = memory.assumingMemoryBound(to: UInt8.self)
  }

  deinit { free(base) }

  /// Appends `count` bytes from `bytes`.
  @inlinable @inline(__always)
  package mutating func append(_ bytes: UnsafeRawPointer, count byteCount: Int) {
    if count + byteCount > capacity { grow(toHold: byteCount) }
    (base + count).initialize(from: bytes.assumingMemoryBound(to: UInt8.self), count: byteCount)
    count += byteCount
  }

  /// Appends the bytes of `buffer`.
  @inlinable @inline(__always)
  package mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let start = buffer.baseAddress else { return }
    append(start, count: buffer.count)
  }

  /// Appends a literal such as `"<p>"`.
  @inlinable @inline(__always)
  package mutating func append(_ literal: StaticString) {
    append(literal.utf8Start, count: literal.utf8CodeUnitCount)
  }

  /// Appends one byte.
  @inlinable @inline(__always)
  package mutating func append(byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    base[count] = byte
    count += 1
  }

  /// Appends the UTF-8 bytes of `scalar`.
  package mutating func append(scalar: Unicode.Scalar) {
    for byte in UTF8.encode(scalar)! { append(byte: byte) }
  }

  /// Appends `value` in decimal.
  package mutating func append(decimal value: Int) {
    var digits = String(value)
    digits.withUTF8 { append($0) }
  }

  /// Hands the bytes over to an ``HTMLBytes``, which frees them when the last fragment goes.
  package consuming func take() -> HTMLBytes {
    let bytes = HTMLBytes(taking: base, count: count) { free($0) }
    discard self
    return bytes
  }

  /// Hands the bytes over to C code that frees them with `free` (Discount takes the HTML of a
  /// code block so).
  package consuming func takeMemory() -> UnsafeMutablePointer<UInt8> {
    let memory = base
    discard self
    return memory
  }

  @usableFromInline package mutating func grow(toHold extra: Int) {
    capacity = max(capacity * 2, count + extra)
    guard let memory = realloc(base, capacity) else { fatalError("out of memory") }
    base = memory.assumingMemoryBound(to: UInt8.self)
  }
}
