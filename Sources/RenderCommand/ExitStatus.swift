/// The exit codes every command of the package uses.
package enum ExitStatus: Int32, Sendable {
  /// The command did what was asked.
  case success = 0
  /// The input or the work failed; the message is on standard error.
  case failure = 1
  /// The command line was wrong; the message and a hint to `--help` are on standard error.
  case usage = 2
}
