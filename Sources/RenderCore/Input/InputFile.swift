import Foundation

/// A file opened for one render, its size checked against the input limit: what an engine in
/// a worker process can read itself, so that the host neither reads nor sends its megabytes.
///
/// ```swift
/// let file = try InputFile(path: "notes.md", maximumBytes: limits.maximumInputBytes)
/// let bytes = try file.read()  // or hand file.descriptor to a worker
/// ```
///
/// The descriptor is closed when the value is released.
package final class InputFile: Sendable {
  /// The path it was opened at, as given (what errors name).
  package let path: String
  /// The open descriptor (close-on-exec).
  package let descriptor: Int32
  /// The size when opened, for a regular file; nil for a pipe, a terminal or a device.
  package let regularFileBytes: Int?
  /// The most bytes a read of it takes.
  package let maximumBytes: Int

  /// Opens the file at `path`; a regular file larger than `maximumBytes` is refused here with
  /// ``RenderError/limitExceeded(limit:value:maximum:)`` naming "input bytes", and a file that
  /// cannot be opened is ``RenderError/fileUnreadable(path:reason:)``.
  package init(path: String, maximumBytes: Int) throws(RenderError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT ? "no such file; check the path" : String(cString: strerror(errno))
      throw .fileUnreadable(path: path, reason: reason)
    }
    var status = stat()
    var regularFileBytes: Int?
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      regularFileBytes = Int(status.st_size)
      if Int(status.st_size) > maximumBytes {
        close(descriptor)
        throw .limitExceeded(
          limit: RenderLimits.inputLimitName, value: Int(status.st_size), maximum: maximumBytes)
      }
    }
    self.path = path
    self.descriptor = descriptor
    self.regularFileBytes = regularFileBytes
    self.maximumBytes = maximumBytes
  }

  /// Its first `count` bytes or fewer, read where they lie (a regular file's offset does not
  /// move); empty for a file that is not regular, whose bytes can be read only once.
  package func prefix(_ count: Int) -> Data {
    guard regularFileBytes != nil, count > 0 else { return Data() }
    var bytes = Data(count: count)
    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    return bytes.prefix(max(got, 0))
  }

  /// All of it, up to ``maximumBytes`` (see ``LimitedInput/read(descriptor:maximumBytes:expectedBytes:name:)``).
  package func read() throws(RenderError) -> Data {
    try LimitedInput.read(
      descriptor: descriptor, maximumBytes: maximumBytes, expectedBytes: regularFileBytes ?? 0,
      name: path)
  }

  deinit { close(descriptor) }
}
