import Foundation

/// Reads a file or stream and stops at a size limit, so that hostile input is refused having
/// read only the limit, never all of it (1.5 GB piped into a tool costs the limit, not 3 GB).
///
/// ```swift
/// let bytes = try LimitedInput.read(path: "notes.md", maximumBytes: limits.maximumInputBytes)
/// ```
public enum LimitedInput {
  /// The file at `path`, up to `maximumBytes`; beyond, ``RenderError/limitExceeded(limit:value:maximum:)``
  /// naming "input bytes" with the file's size. An unreadable file is
  /// ``RenderError/fileUnreadable(path:reason:)``.
  public static func read(path: String, maximumBytes: Int) throws(RenderError) -> Data {
    try InputFile(path: path, maximumBytes: maximumBytes).read()
  }

  /// Everything readable from `descriptor` (a pipe, a terminal, a file), up to `maximumBytes`;
  /// reading stops at the first byte beyond, which throws
  /// ``RenderError/limitExceeded(limit:value:maximum:)`` (the value then is what was read).
  /// `expectedBytes` (a regular file's size) is reserved up front, and the bytes are read
  /// straight into the buffer the `Data` then owns: megabytes are neither moved as they grow
  /// nor copied through a smaller buffer.
  package static func read(
    descriptor: Int32, maximumBytes: Int, expectedBytes: Int = 0, name: String = "standard input"
  ) throws(RenderError) -> Data {
    // One byte beyond the limit is room to see that there is more.
    var capacity = max(min(expectedBytes, maximumBytes) + 1, 1 << 16)
    var count = 0
    guard var buffer = malloc(capacity) else { throw outOfMemory(name, capacity) }
    HugePages.advise(buffer, count: capacity)
    while true {
      if count == capacity {
        capacity = min(capacity * 2, maximumBytes + 1)
        guard let grown = realloc(buffer, capacity) else {
          free(buffer)
          throw outOfMemory(name, capacity)
        }
        buffer = grown
      }
      let wanted = min(capacity, maximumBytes + 1) - count
      let got = Foundation.read(descriptor, buffer + count, wanted)
      if got < 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        free(buffer)
        throw .fileUnreadable(path: name, reason: reason)
      }
      if got == 0 { return Data(bytesNoCopy: buffer, count: count, deallocator: .free) }
      count += got
      if count > maximumBytes {
        free(buffer)
        throw .limitExceeded(
          limit: RenderLimits.inputLimitName, value: count, maximum: maximumBytes)
      }
    }
  }

  private static func outOfMemory(_ name: String, _ bytes: Int) -> RenderError {
    .fileUnreadable(
      path: name,
      reason: "out of memory reading \(bytes) bytes; free memory or lower the input limit")
  }
}
