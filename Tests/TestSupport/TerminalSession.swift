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
    // marker tells that the command is done. The pane stays open after it (remain-on-exit):
    // a process kept waiting in it would survive kill-server, since the test runner's
    // ignored SIGHUP is inherited.
    var variables = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
    variables.merge(environment) { $1 }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let script =
      (["env", "-i"] + assignments + [command.path] + arguments).map(Self.quoted)
      .joined(separator: " ") + "; printf '%s\\n' \(marker)"
    let configuration = FileManager.default.temporaryDirectory.appendingPathComponent(
      socket + ".conf")
    try Data("set-option -g remain-on-exit on\n".utf8).write(to: configuration)
    defer {
      try? Self.start(tmux, ["-L", socket, "kill-server"])
      try? FileManager.default.removeItem(at: configuration)
    }
    try Self.start(
      tmux,
      [
        "-L", socket, "-f", configuration.path, "-u", "new-session", "-d", "-x", "\(columns)", "-y",
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
    // From the start of the history: a pane shorter than the output scrolls.
    let options = escapes ? ["-p", "-e", "-S", "-"] : ["-p", "-S", "-"]
    let run = try run(tmux, ["-L", socket, "capture-pane", "-t", "capture"] + options)
    var rows = String(decoding: run, as: UTF8.self).components(separatedBy: "\n")
    while rows.last?.isEmpty == true { rows.removeLast() }
    return rows
  }

  /// Runs a tmux command that may start the server: through `bash`, spawned with every
  /// signal unblocked and at its default (the test runner blocks most, and a tmux server
  /// that inherited that would never see its panes exit nor its kill-server), standard
  /// streams on /dev/null and every other descriptor closed (a pipe the server held, its
  /// own or one a test running alongside was creating, would never reach its end).
  private static func start(_ tmux: URL, _ arguments: [String]) throws {
    let command = ([tmux.path] + arguments).map(quoted).joined(separator: " ")
    let script =
      "for fd in /proc/$$/fd/*; do n=${fd##*/}; [ \"$n\" -gt 2 ] && eval \"exec $n>&-\"; done"
      + " 2>/dev/null; exec " + command
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    sigfillset(&signals)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let words: [String] = ["/bin/bash", "-c", script]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child: pid_t = 0
    guard posix_spawn(&child, "/bin/bash", &actions, &attributes, argv, environ) == 0 else {
      throw TerminalSessionError("could not start bash for tmux")
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    guard status == 0 else {
      throw TerminalSessionError(
        "tmux \(arguments.joined(separator: " ")) exited with status \(status)")
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
