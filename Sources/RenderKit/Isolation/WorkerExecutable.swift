import Foundation
import RenderCore

/// Finds the `render-worker` executable that isolated engines run in.
///
/// The path the caller configured, and only that when there is one; else the
/// `RENDER_WORKER_PATH` environment variable; else `render-worker` next to the running executable (where SwiftPM puts every executable of this
/// package, `.build/<configuration>/`, which is also where the test runner lives).
enum WorkerExecutable {
  /// The executable's file name.
  static let name = "render-worker"

  /// The environment variable that overrides the location.
  static let environmentVariable = "RENDER_WORKER_PATH"

  /// The worker's path, or a clear error saying where it was looked for and what to do.
  static func locate(configured: String?) throws(RenderError) -> String {
    var candidates: [String] = []
    if let configured {
      candidates.append(configured)
    } else if let variable = ProcessInfo.processInfo.environment[environmentVariable] {
      candidates.append(variable)
    } else if let directory = Bundle.main.executableURL?.resolvingSymlinksInPath()
      .deletingLastPathComponent()
    {
      candidates.append(directory.appendingPathComponent(name).path)
    }
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
      return found
    }
    throw .engineFailed(
      engine: name,
      detail:
        "no executable \(name) found (looked at \(candidates.joined(separator: ", "))); "
        + "build it with `swift build --product \(name)`, install it next to this program, "
        + "or set \(environmentVariable) to its path")
  }
}
