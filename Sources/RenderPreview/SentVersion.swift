import RenderCore

/// Which rendering one event stream has sent, shared by the calls that produce its pieces.
final class SentVersion: Sendable {
  private let state: Locked<(version: Int, started: Bool)>

  /// A stream whose client last saw `version`.
  init(_ version: Int) {
    state = Locked((version, false))
  }

  /// The version the client has.
  var version: Int {
    get { state.withLock { $0.version } }
    set { state.withLock { $0.version = newValue } }
  }

  /// True the first time only: the stream's opening piece is due.
  func takeFirst() -> Bool {
    state.withLock { state in
      defer { state.started = true }
      return !state.started
    }
  }
}
