internal import CWorkerFork
import Foundation

/// The worker a host forked as it started (``WorkerService/runIfRequested(prestartingWorker:)``),
/// kept until the first isolated call of a pool that runs this very program takes it (even
/// when the program's file was replaced or deleted since: the fork needs no file).
///
/// Forked before the host has a thread, it is a copy of the host at the top of `main`: no
/// input, no open files but its socket and `/dev/null`. It then runs as a spawned worker does
/// (``WorkerService/main(arguments:)``): closes what it inherited, warms the engines, serves.
/// Never taken, it is killed and reaped when the host exits (so that no zombie is left to an
/// init that does not reap, as in many containers).
enum PrestartedWorker {
  // A pthread mutex, as WorkerPool's, which ThreadSanitizer can follow.
  private static let lock = NSLock()
  private static nonisolated(unsafe) var waiting: WorkerProcess?

  /// Forks the worker; the child never returns from here. On failure there is simply no
  /// prestarted worker, and the first call spawns one.
  static func start() {
    var hostEnd: Int32 = -1
    let processID = render_fork_worker(WorkerProcess.socketDescriptor, &hostEnd)
    if processID == 0 {
      exit(
        WorkerService.main(arguments: [
          CommandLine.arguments.first ?? WorkerExecutable.name, WorkerService.workerArgument,
          String(WorkerProcess.socketDescriptor),
        ]))
    }
    guard processID > 0 else { return }
    let worker = WorkerProcess.adopting(processID: processID, descriptor: hostEnd)
    lock.withLock { waiting = worker }
    atexit { PrestartedWorker.discard() }
  }

  /// Stops and reaps the prestarted worker if no pool took it.
  private static func discard() {
    take()?.stop()
  }

  /// The prestarted worker, once (for a pool whose workers run this program); then nil.
  static func take() -> WorkerProcess? {
    lock.withLock { () -> WorkerProcess? in
      defer { waiting = nil }
      return waiting
    }
  }
}
