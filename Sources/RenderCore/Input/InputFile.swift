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
  /// What errors call it: the path as the user gave it.
  package let name: String
  /// The open descriptor (close-on-exec).
  package let descriptor: Int32
  /// The size when opened, for a regular file; nil for a pipe, a terminal or a device.
  package let regularFileBytes: Int?
  /// The most bytes a read of it takes.
  package let maximumBytes: Int
  /// Its first ``headBytes`` bytes (fewer when it is shorter), read where they lie, so the
  /// offset does not move: what tells binary from text and whether front matter may open.
  /// Empty for a file that is not regular, whose bytes can be read only once.
  package let head: Data

  /// How much of a regular file ``head`` holds.
  package static let headBytes = 8192

  /// Opens the file at `path` (called `name` in errors, `path` itself by default); a regular
  /// file larger than `maximumBytes` is refused here with
  /// ``RenderError/limitExceeded(limit:value:maximum:)`` naming "input bytes", and a file that
  /// cannot be opened is ``RenderError/fileUnreadable(path:reason:)``.
  package init(path: String, maximumBytes: Int, name: String? = nil) throws(RenderError) {
    let name = name ?? path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT ? "no such file; check the path" : String(cString: strerror(errno))
      throw .fileUnreadable(path: name, reason: reason)
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
    var head = Data()
    if let regularFileBytes {
      head = Data(count: min(regularFileBytes, Self.headBytes))
      let got = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
      head.count = max(got, 0)
    }
    self.name = name
    self.descriptor = descriptor
    self.regularFileBytes = regularFileBytes
    self.maximumBytes = maximumBytes
    self.head = head
  }

  /// All of it, up to ``maximumBytes`` (see ``LimitedInput/read(descriptor:maximumBytes:expectedBytes:name:)``):
  /// a regular file from its start, however often it is read (a job that falls back to the
  /// host after a worker read it gets the whole file); a pipe from where it stands.
  package func read() throws(RenderError) -> Data {
    if regularFileBytes != nil { lseek(descriptor, 0, SEEK_SET) }
    return try LimitedInput.read(
      descriptor: descriptor, maximumBytes: maximumBytes, expectedBytes: regularFileBytes ?? 0,
      name: name)
  }

  deinit { close(descriptor) }
}
