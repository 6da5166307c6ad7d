import Foundation
import RenderCore
import Synchronization

/// Idle workers kept for reuse, so that a render pays for a message round trip, not a process
/// start (a Swift executable takes milliseconds to start; a small document renders in microseconds).
///
/// Workers are handed out one caller at a time; as many run as there are concurrent callers, and
/// up to ``maximumIdle`` are kept afterwards. A worker that failed is never returned to the pool.
/// Idle workers are stopped and reaped when the pool goes away.
final class WorkerPool: Sendable {
  /// The executable the workers run, or why there is none (reported at the first render).
  let executable: Result<String, RenderError>
  /// How many idle workers are kept.
  let maximumIdle: Int
  private let idle = Mutex<[WorkerProcess]>([])

  init(
    executable: Result<String, RenderError>, maximumIdle: Int = min(4, ProcessInfo.processInfo.activeProcessorCount))
  {
    self.executable = executable
    self.maximumIdle = maximumIdle
  }

  /// An idle worker if there is one (`isReused` true), else a newly started one.
  func checkOut() throws(RenderError) -> (worker: WorkerProcess, isReused: Bool) {
    if let worker = idle.withLock({ $0.popLast() }) { return (worker, true) }
    return (try spawn(), false)
  }

  /// A newly started worker.
  func spawn() throws(RenderError) -> WorkerProcess {
    try WorkerProcess.spawn(executable: executable.get())
  }

  /// Returns a healthy worker for reuse, or stops it when enough are idle.
  func checkIn(_ worker: WorkerProcess) {
    let surplus = idle.withLock { workers -> WorkerProcess? in
      guard workers.count < maximumIdle else { return worker }
      workers.append(worker)
      return nil
    }
    surplus?.stop()
  }

  /// The process identifiers of the idle workers.
  var idleProcessIDs: [pid_t] { idle.withLock { $0.map(\.processID) } }

  deinit {
    idle.withLock { workers in
      for worker in workers { worker.stop() }
      workers.removeAll()
    }
  }
}
