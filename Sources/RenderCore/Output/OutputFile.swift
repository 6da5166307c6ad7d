import Foundation

/// An open descriptor that output is written to (standard output, a file) and the name an
/// error gives it: a failed write is a ``RenderError``, never a crash.
///
/// ```swift
/// try OutputFile.standardOutput.write(fragment.utf8Data)
/// ```
package struct OutputFile: Sendable {
  /// The descriptor written to.
  package let descriptor: Int32
  /// What errors call it ("standard output", a path).
  package let name: String

  /// Standard output.
  package static let standardOutput = OutputFile(descriptor: STDOUT_FILENO, name: "standard output")

  /// The output on `descriptor`, named `name` in errors.
  package init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Whether it is a regular file or `/dev/null`, where a write never waits for a reader.
  package var isFileOrNull: Bool {
    var status = stat()
    var null = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    if (status.st_mode & S_IFMT) == S_IFREG { return true }
    return (status.st_mode & S_IFMT) == S_IFCHR && stat("/dev/null", &null) == 0
      && null.st_rdev == status.st_rdev
  }

  /// Writes all of `bytes`; a failure is ``RenderError/fileUnreadable(path:reason:)`` naming
  /// the output and saying why.
  package func write(_ bytes: Data) throws(RenderError) {
    if let code = bytes.withUnsafeBytes({ Self.write($0, to: descriptor) }) {
      throw failure(errno: code)
    }
  }

  /// The error for a write that failed with `code`.
  package func failure(errno code: Int32) -> RenderError {
    let advice =
      code == ENOSPC || code == EDQUOT
      ? "free space on its disk or write elsewhere" : "check that it is open for writing"
    return .fileUnreadable(
      path: name, reason: "cannot be written (\(String(cString: strerror(code)))); \(advice)")
  }

  /// Writes all of `bytes` to `descriptor`, again after a short or interrupted write; the
  /// `errno` of a failure, else nil.
  package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return written < 0 ? errno : EIO
      }
    }
    return nil
  }
}
