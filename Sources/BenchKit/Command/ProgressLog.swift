import Foundation

/// Progress lines on standard error, only when it is a terminal, so that redirected
/// output and pipelines stay clean.
struct ProgressLog: Sendable {
  /// Whether lines are written.
  let isEnabled: Bool

  /// A log that writes when standard error is a terminal.
  static let standardError = ProgressLog(isEnabled: isatty(STDERR_FILENO) == 1)

  /// A log that writes nothing (tests).
  static let silent = ProgressLog(isEnabled: false)

  /// Writes `message` as one line.
  func callAsFunction(_ message: String) {
    guard isEnabled else { return }
    FileHandle.standardError.write(Data("renderbench: \(message)\n".utf8))
  }
}
