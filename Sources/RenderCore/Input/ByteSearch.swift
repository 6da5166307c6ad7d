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
      guard let base = bytes.baseAddress, bytes.count >= pattern.count else { return false }
      // The last place the pattern can start.
      let last = bytes.count - pattern.count
      var index = 0
      while index <= last {
        guard let found = memchr(base + index, Int32(first), last - index + 1) else {
          return false
        }
        index = base.distance(to: UnsafeRawPointer(found))
        var matched = 1
        while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
        if matched == pattern.count {
          guard let next else { return true }
          if index + pattern.count < bytes.count, next(bytes[index + pattern.count]) {
            return true
          }
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
