import Foundation
import RenderCore

/// Finds the executable that isolated engines run as their worker.
///
/// The path the caller configured, and only that when there is one; else the
/// `RENDER_WORKER_PATH` environment variable; else this very program, when it called
/// ``WorkerService/runIfRequested(prestartingWorker:)`` (nothing to ship); else `render-worker` next to the running
/// executable (where SwiftPM puts every executable of this package, `.build/<configuration>/`,
/// which is also where the test runner lives).
enum WorkerExecutable {
  /// The executable's file name.
  static let name = "render-worker"

  /// The environment variable that overrides the location.
  static let environmentVariable = "RENDER_WORKER_PATH"

  /// Whether the worker is this very program: nothing configured, no environment variable,
  /// and the host called ``WorkerService/runIfRequested(prestartingWorker:)``.
  static func isHost(configured: String?) -> Bool {
    configured == nil && environmentPath == nil
      && WorkerService.hostServesAsWorker.load(ordering: .relaxed)
  }

  /// `RENDER_WORKER_PATH`, read alone: `ProcessInfo`'s environment builds a dictionary of the
  /// whole environment on every call, a cost every start of `render` would pay.
  private static var environmentPath: String? {
    getenv(environmentVariable).map { String(cString: $0) }
  }

  /// The worker's path, or a clear error saying where it was looked for and what to do.
  static func locate(configured: String?) throws(RenderError) -> String {
    var candidates: [String] = []
    if isHost(configured: configured), let own = LinuxSystem.executablePath() {
      return own
    }
    if let configured {
      candidates.append(configured)
    } else if let variable = environmentPath {
      candidates.append(variable)
    } else {
      if let directory = Bundle.main.executableURL?.resolvingSymlinksInPath()
        .deletingLastPathComponent()
      {
        candidates.append(directory.appendingPathComponent(name).path)
      }
    }
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
      return found
    }
    throw .engineFailed(
      engine: name,
      detail:
        "no worker executable found (looked at \(candidates.joined(separator: ", "))); "
        + "call WorkerService.runIfRequested() first in main so this program serves as its own "
        + "worker, or ship \(name) next to it (`swift build --product \(name)`), or set "
        + "\(environmentVariable) to its path; or choose in-process isolation for trusted input")
  }

}
