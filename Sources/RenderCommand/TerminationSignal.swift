import Foundation

/// Waiting for Ctrl-C (SIGINT) or SIGTERM, so that a long-running command stops cleanly: its
/// server closed, its watcher stopped, exit status 0.
///
/// The handler only writes a byte to a pipe (all a signal handler may safely do), and the
/// waiting thread reads it. That thread unblocks both signals first: a process inherits its
/// parent's signal mask, and one started from a thread that blocks them (Foundation's `Process`
/// from a dispatch thread does) would otherwise never see Ctrl-C.
package enum TerminationSignal {
  /// The pipe's ends: the handler writes to `[1]`, ``wait()`` reads `[0]`.
  private nonisolated(unsafe) static var pipeEnds: [Int32] = [-1, -1]
  private static let setUp: Bool = {
    guard pipe(&pipeEnds) == 0 else { return false }
    for number in [SIGINT, SIGTERM] {
      signal(number) { _ in
        var byte: UInt8 = 1
        _ = write(TerminationSignal.pipeEnds[1], &byte, 1)
      }
    }
    return true
  }()

  /// Blocks until SIGINT or SIGTERM arrives.
  @Sendable package static func wait() {
    guard setUp else { return }
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    var byte: UInt8 = 0
    while read(pipeEnds[0], &byte, 1) < 0 && errno == EINTR {}
  }
}
