import Foundation
import RenderKit

/// The preview's current state, shared by every connection: the page to serve and the
/// event announcing it, numbered, and a way for event streams to wait for the next one.
final class PreviewEvents: @unchecked Sendable {
  /// What a waiting event stream gets.
  enum Next: Equatable {
    /// Another rendering: its version and its event.
    case update(version: Int, event: Data)
    /// Nothing new within the wait.
    case idle
    /// The server is stopping: end the stream.
    case closed
  }

  // All guarded by `condition`.
  private let condition = NSCondition()
  private var version = 0
  private var update: PreviewUpdate?
  private var event = Data()
  private var page = Data()
  private var closed = false

  /// Makes `result` the current state, unless it shows the same as the current one.
  func publish(_ result: Result<DocumentRendering, RenderError>) {
    let update = PreviewUpdate(result)
    condition.lock()
    defer { condition.unlock() }
    guard update != self.update else { return }
    version += 1
    self.update = update
    event = update.event(version: version)
    page = Data(PreviewPage.html(for: result, version: version).utf8)
    condition.broadcast()
  }

  /// The page for the current state, and its version.
  var current: (version: Int, page: Data) {
    condition.lock()
    defer { condition.unlock() }
    return (version, page)
  }

  /// Waits up to `timeout` for a version other than `version` (newer; or any, when the
  /// client's version came from an earlier server that counted further).
  func next(after version: Int, timeout: Duration) -> Next {
    let (seconds, attoseconds) = timeout.components
    let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
    condition.lock()
    defer { condition.unlock() }
    while !closed && self.version == version {
      if !condition.wait(until: deadline) { break }
    }
    if closed { return .closed }
    return self.version != version ? .update(version: self.version, event: event) : .idle
  }

  /// Ends every event stream, now and later.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }
}
