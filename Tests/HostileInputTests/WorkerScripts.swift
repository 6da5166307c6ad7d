import Foundation

/// Stand-in worker executables that misbehave on purpose: the host must report each clearly.
enum WorkerScripts {
  /// A worker that dies of a segmentation fault as it starts.
  static let crashing = make("crashing-worker", "kill -SEGV $$")
  /// A worker that exits with status 3 as it starts.
  static let exiting = make("exiting-worker", "exit 3")
  /// A worker that never answers.
  static let hanging = make("hanging-worker", "exec sleep 60")
  /// A worker that announces a 2 GiB answer and sends nothing more.
  static let boasting = make("boasting-worker", "printf '\\377\\377\\377\\177' >&3; exec sleep 60")

  /// Writes the script through a close-on-exec descriptor: a worker spawned by another test
  /// at that moment must not inherit it, or running the script fails with "Text file busy".
  private static func make(_ name: String, _ body: String) -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hostile-input-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    let script = Array("#!/bin/sh\n\(body)\n".utf8)
    _ = script.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    return path
  }
}
