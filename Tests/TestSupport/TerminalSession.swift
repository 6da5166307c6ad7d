import Foundation
import Testing

/// A command run in a detached tmux session of a fixed size, read back with `capture-pane`:
/// what a user at a real terminal would see, after the terminal itself has wrapped, drawn
/// wide characters and interpreted escape codes.
///
/// Each session gets a tmux server of its own (`-L`, a socket named for it), so parallel
/// tests and the user's own tmux never meet; the server is stopped when the capture is done.
public struct TerminalSession: Sendable {
  /// The tmux executable, when installed.
  public static let tmux: URL? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .map { URL(fileURLWithPath: $0) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// Why tests that need tmux are skipped when it is missing.
  public static let missing: Comment =
    "SKIPPED: tmux is not installed, so nothing is checked in a real terminal; run `make deps` (or apt-get install tmux)"

  /// What the pane shows: one string per screen row, trailing blanks trimmed by tmux.
  public let rows: [String]
  /// The same rows with the escape codes tmux keeps for colours and attributes (`-e`).
  public let styledRows: [String]

  /// Runs `command` (with `arguments`, no shell in between) in a `columns`×`lines` pane with
  /// `environment` added to a minimal one, waits until it exits (at most `timeout` seconds)
  /// and captures the pane.
  public init(
    _ command: URL, _ arguments: [String], columns: Int, lines: Int,
    environment: [String: String] = [:], timeout: Double = 30
  ) throws {
    guard let tmux = Self.tmux else { throw TerminalSessionError("tmux is not installed") }
    let socket = "render-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    let marker = "__END_OF_COMMAND_\(UUID().uuidString.prefix(8))__"
    // `env -i` so the pane sees the environment the test chose, not the runner's; the
    // marker tells that the command is done, and `sleep` keeps the pane open to capture.
    var variables = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
    variables.merge(environment) { $1 }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let script =
      (["env", "-i"] + assignments + [command.path] + arguments).map(Self.quoted)
      .joined(separator: " ") + "; printf '%s\\n' \(marker); sleep 600"
    defer { try? Self.start(tmux, ["-L", socket, "kill-server"]) }
    try Self.start(
      tmux,
      [
        "-L", socket, "-f", "/dev/null", "-u", "new-session", "-d", "-x", "\(columns)", "-y",
        "\(lines)", "-s", "capture", script,
      ])
    let started = Date()
    var captured: [String] = []
    repeat {
      Thread.sleep(forTimeInterval: 0.1)
      captured = try Self.capture(tmux, socket: socket, escapes: false)
      if let end = captured.firstIndex(of: marker) {
        rows = Array(captured[..<end])
        styledRows = Array(try Self.capture(tmux, socket: socket, escapes: true).prefix(end))
        return
      }
    } while Date().timeIntervalSince(started) < timeout
    throw TerminalSessionError(
      "the command did not finish within \(timeout) s; the pane shows:\n"
        + captured.joined(separator: "\n"))
  }

  private static func capture(_ tmux: URL, socket: String, escapes: Bool) throws -> [String] {
    let options = escapes ? ["-p", "-e"] : ["-p"]
    let run = try run(tmux, ["-L", socket, "capture-pane", "-t", "capture"] + options)
    var rows = String(decoding: run, as: UTF8.self).components(separatedBy: "\n")
    while rows.last?.isEmpty == true { rows.removeLast() }
    return rows
  }

  /// Runs a tmux command that may start the server with its standard streams on /dev/null
  /// and every other descriptor closed (through `bash`): the server lives on, and any pipe
  /// it held (its own, or one a test running alongside was creating) would never reach its
  /// end for the reader.
  private static func start(_ tmux: URL, _ arguments: [String]) throws {
    let command = ([tmux.path] + arguments).map(quoted).joined(separator: " ")
    let closeOthers =
      "for fd in /proc/$$/fd/*; do n=${fd##*/}; [ \"$n\" -gt 2 ] && eval \"exec $n>&-\"; done"
    let run = try ProcessRun(
      URL(fileURLWithPath: "/bin/bash"),
      ["-c", closeOthers + " 2>/dev/null; exec " + command + " </dev/null >/dev/null 2>&1"])
    guard run.status == 0 else {
      throw TerminalSessionError(
        "tmux \(arguments.joined(separator: " ")) exited with \(run.status)")
    }
  }

  private static func run(_ tmux: URL, _ arguments: [String]) throws -> Data {
    let run = try ProcessRun(tmux, arguments)
    guard run.status == 0 else {
      throw TerminalSessionError("tmux \(arguments.joined(separator: " ")) failed: \(run.error)")
    }
    return run.output
  }

  /// `text` as one word for `sh`: in single quotes, each single quote written as `'\''`.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// A tmux session that could not be started or did not finish.
public struct TerminalSessionError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  init(_ description: String) { self.description = description }
}
