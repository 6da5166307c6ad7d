import Foundation
import RenderKit

/// Asks the terminal on standard input and output for its background colour (OSC 11) and
/// returns its reply, or nil when either is not a terminal or no reply came in time.
///
/// The terminal is put in raw mode for the wait, so the reply is neither echoed nor held
/// back for a newline, and restored before returning; a terminal that does not answer
/// costs the timeout once.
enum TerminalBackgroundQuery {
  static func ask(timeoutMilliseconds: Int32 = 100) -> String? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
    defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    let query = Array(TerminalBackground.query.utf8)
    guard write(STDOUT_FILENO, query, query.count) == query.count else { return nil }
    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    // Read until the reply ends (BEL or ESC \), it grows implausibly long, or time is up.
    while reply.count < 256 {
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, timeoutMilliseconds) == 1 else { break }
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      guard count > 0 else { break }
      reply.append(contentsOf: buffer[..<count])
      if reply.last == 0x07 || reply.suffix(2) == [0x1B, 0x5C] { break }
    }
    return reply.isEmpty ? nil : String(decoding: reply, as: UTF8.self)
  }
}
