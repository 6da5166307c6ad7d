import Foundation

/// Finds bytes in bytes at memory speed (`memchr` to each candidate first byte): how a
/// document pass screens megabytes of Markdown for its syntax before any parse.
package enum ByteSearch {
  /// Whether `haystack` holds the UTF-8 of `needle` (a non-empty, short pattern), followed by a
  /// byte that `next` accepts when given.
  package static func contains(
    _ needle: String, in haystack: Data, followedBy next: ((UInt8) -> Bool)? = nil
  ) -> Bool {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return true }
    return haystack.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return false }
      var index = 0
      while index + pattern.count <= bytes.count {
        guard
          let found = memchr(base + index, Int32(first), bytes.count - index - pattern.count + 1)
        else { return false }
        index = base.distance(to: UnsafeRawPointer(found))
        if pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] }),
          next.map({ accepts in
            index + pattern.count < bytes.count && accepts(bytes[index + pattern.count])
          }) ?? true
        {
          return true
        }
        index += 1
      }
      return false
    }
  }

  /// The index of the first `byte` in `bytes[range]`, or nil.
  package static func firstIndex(
    of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>
  ) -> Int? {
    guard !range.isEmpty, let base = bytes.baseAddress,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }
}
