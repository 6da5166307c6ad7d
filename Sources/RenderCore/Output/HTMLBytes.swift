import Foundation

/// An engine's output buffer, taken over without copying and released exactly once.
///
/// Engines hand over the buffer their C library allocated, with the function that frees it;
/// an ``HTMLFragment`` keeps it alive. It is never written after creation, which is what makes
/// sharing it between tasks safe.
package final class HTMLBytes: @unchecked Sendable {
  /// The bytes, valid UTF-8 whenever the engine's input was.
  package let bytes: UnsafeBufferPointer<UInt8>
  private let release: @Sendable (UnsafeMutableRawPointer) -> Void

  /// Takes ownership of `count` bytes at `pointer`; `release` frees them when the last
  /// fragment holding them goes away.
  package init(
    taking pointer: UnsafeMutablePointer<UInt8>, count: Int,
    release: @escaping @Sendable (UnsafeMutableRawPointer) -> Void
  ) {
    bytes = UnsafeBufferPointer(start: pointer, count: count)
    self.release = release
  }

  /// Copies `bytes` into a buffer of its own (for libraries that keep ownership of theirs).
  package convenience init(copying bytes: UnsafeBufferPointer<UInt8>) {
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    if let base = bytes.baseAddress { copy.initialize(from: base, count: bytes.count) }
    self.init(taking: copy, count: bytes.count) {
      $0.assumingMemoryBound(to: UInt8.self).deallocate()
    }
  }

  deinit {
    if let base = bytes.baseAddress { release(UnsafeMutableRawPointer(mutating: base)) }
  }
}
