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
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT ? "no such file; check the path" : String(cString: strerror(errno))
      throw .fileUnreadable(path: path, reason: reason)
    }
    defer { close(descriptor) }
    var status = stat()
    var expectedBytes = 0
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      expectedBytes = Int(status.st_size)
      if expectedBytes > maximumBytes {
        throw .limitExceeded(limit: "input bytes", value: expectedBytes, maximum: maximumBytes)
      }
    }
    return try read(
      descriptor: descriptor, maximumBytes: maximumBytes, expectedBytes: expectedBytes, name: path)
  }

  /// Everything readable from `descriptor` (a pipe, a terminal, a file), up to `maximumBytes`;
  /// reading stops at the first byte beyond, which throws
  /// ``RenderError/limitExceeded(limit:value:maximum:)`` (the value then is what was read).
  /// `expectedBytes` (a regular file's size) is reserved up front, so the data is not moved
  /// as it grows.
  package static func read(
    descriptor: Int32, maximumBytes: Int, expectedBytes: Int = 0, name: String = "standard input"
  ) throws(RenderError) -> Data {
    var data = Data()
    data.reserveCapacity(min(expectedBytes, maximumBytes) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let wanted = min(chunk.count, maximumBytes + 1 - data.count)
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, wanted)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .fileUnreadable(path: name, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[0..<count])
      if data.count > maximumBytes {
        throw .limitExceeded(limit: "input bytes", value: data.count, maximum: maximumBytes)
      }
    }
  }
}
