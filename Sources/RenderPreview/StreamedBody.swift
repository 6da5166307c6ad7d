import Foundation

/// The body of a streamed response as the server library reads it: pieces from the
/// producer, copied out in whatever sizes the library asks for.
final class StreamedBody: @unchecked Sendable {
  // Only the connection's thread touches `pending`: the library reads one connection's
  // body from one thread.
  private let next: @Sendable () -> Data?
  private var pending = Data()

  init(next: @escaping @Sendable () -> Data?) {
    self.next = next
  }

  /// Copies up to `buffer.count` bytes into `buffer`, waiting for the next piece when none
  /// is pending; nil when the body has ended.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    while pending.isEmpty {
      guard let piece = next() else { return nil }
      pending = piece
    }
    let count = min(buffer.count, pending.count)
    pending.copyBytes(to: buffer.bindMemory(to: UInt8.self), count: count)
    pending = Data(pending.dropFirst(count))
    return count
  }
}
