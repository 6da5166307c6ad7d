import Foundation

/// Stand-in worker executables that misbehave on purpose: the host must report each clearly.
enum WorkerScripts {
  /// A worker that dies of a segmentation fault as it starts.
  static let crashing = make("crashing-worker", "kill -SEGV $$")
  /// A worker that exits with status 3 as it starts.
  static let exiting = make("exiting-worker", "exit 3")
  /// A worker that never answers.
  static let hanging = make("hanging-worker", "exec sleep 60")

  private static func make(_ name: String, _ body: String) -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hostile-input-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("#!/bin/sh\n\(body)\n".utf8),
      attributes: [.posixPermissions: 0o755])
    return path
  }
}
