import Foundation
import TestSupport
import Testing

/// `render --stream` as a process: blocks written while the input still arrives, and at the
/// end the one-shot output, into a pipe and in a real terminal.
@Suite(
  .enabled(
    if: BuiltProducts.isBuilt("render"), "SKIPPED: render is not built; run `swift build` first"))
struct StreamCommandTests {
  let render = BuiltProducts.executable("render")

  /// Paragraphs with no bracketed text (which a later definition could change), so that
  /// every block is final once the next one starts.
  static let text = (1...600).map { "Paragraph \($0) has *emphasis* and `code` in it.\n\n" }
    .joined()

  @Test(arguments: ["fragment", "text", "terminal"])
  func intoAPipeBlocksComeBeforeTheEndAndTheEndIsTheOneShot(to: String) throws {
    // A deadline for the sanitizers' slow debug workers: the subject is the output.
    let arguments = ["--to", to, "--color", "never", "--deadline", "60"]
    let oneShot = try ProcessRun(render, arguments, input: Data(Self.text.utf8))
    #expect(oneShot.status == 0)
    let process = Process()
    process.executableURL = render
    process.arguments = ["--stream"] + arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let collected = OutputCollector(output.fileHandleForReading)
    let bytes = Array(Self.text.utf8)
    let half = bytes.count / 2
    // A slow writer: the first half in small pieces, then a pause with the input open.
    for start in stride(from: 0, to: half, by: 512) {
      try input.fileHandleForWriting.write(contentsOf: bytes[start..<min(half, start + 512)])
      Thread.sleep(forTimeInterval: 0.002)
    }
    let deadline = Date().addingTimeInterval(20)
    while collected.count == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    let beforeTheEnd = collected.text
    try input.fileHandleForWriting.write(contentsOf: bytes[half...])
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let streamed = collected.finish()
    #expect(process.terminationStatus == 0)
    #expect(beforeTheEnd.contains("Paragraph 1"), "nothing was written before the input ended")
    #expect(!beforeTheEnd.contains("Paragraph 600"))
    #expect(streamed == oneShot.outputText)
  }

  @Test func jsonIsOneEventALine() throws {
    let run = try ProcessRun(render, ["--stream", "--to", "json"], input: Data(Self.text.utf8))
    #expect(run.status == 0)
    let lines = run.outputText.split(separator: "\n")
    #expect(lines.count >= 1)
    var committed: [Range<Int>] = []
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let event = try #require(object["event"] as? String)
      #expect(["commit", "revise", "reopen", "tail"].contains(event))
      if event == "commit", let range = object["range"] as? [Int] {
        committed.append(range[0]..<range[1])
      }
    }
    // Blocks one read completes (here all) are committed together, and cover the input.
    #expect(committed.first?.lowerBound == 0)
    #expect(committed.last?.upperBound == Self.text.utf8.count)
    #expect(zip(committed, committed.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
  }

  @Test func usageErrors() throws {
    for arguments in [["--stream", "--to", "page"], ["--stream", "-o", "out.html"]] {
      let run = try ProcessRun(render, arguments)
      #expect(run.status == 2, "\(arguments)")
    }
  }

  /// Under the default configuration, headings with repeated titles, in-page links before and
  /// after their targets, balanced raw HTML and a `<details>` over three blocks, slowly
  /// through a pipe: the fragment and the text end as the one-shot render.
  @Test(arguments: ["fragment", "text"])
  func headingsAndRawHTMLEndAsTheOneShot(to: String) throws {
    let text = """
      # Usage

      See [setup](#setup) and [the second usage](#usage-1).

      <p align="center"><sub>a caption</sub><br></p>

      ## Setup

      # Usage

      <details>
      <summary>More</summary>

      Hidden *text*.

      </details>

      ## Setup

      Back to [usage](#usage).

      """
    let oneShot = try ProcessRun(render, ["--to", to, "--deadline", "60"], input: Data(text.utf8))
    #expect(oneShot.status == 0)
    #expect(to != "fragment" || oneShot.outputText.contains("id=\"user-content-setup-1\""))
    let run = try SlowRun(
      render, ["--stream", "--to", to, "--deadline", "60"], input: Array(text.utf8))
    #expect(run.status == 0)
    #expect(String(decoding: run.output, as: UTF8.self) == oneShot.outputText)
  }

  /// README.md piped line by line, slowly, into `render --stream --to terminal` in a tmux pane:
  /// the screen (history included) ends as `render README.md --to terminal` leaves it.
  @Test(.enabled(if: TerminalSession.tmux != nil, TerminalSession.missing))
  func inATerminalTheScreenEndsAsTheOneShot() throws {
    let readme = SharedFixtures.packageRoot.appendingPathComponent("README.md").path
    let environment = ["LANG": "C.UTF-8"]
    let oneShot = try TerminalSession(
      render, [readme, "--to", "terminal", "--deadline", "60"], columns: 80, lines: 30,
      environment: environment, timeout: 60)
    let slowly =
      "cat \(readme) | (while IFS= read -r l; do printf '%s\\n' \"$l\"; sleep 0.01; done)"
      + " | \(render.path) --stream --to terminal --deadline 60"
    let streamed = try TerminalSession(
      URL(fileURLWithPath: "/bin/sh"), ["-c", slowly], columns: 80, lines: 30,
      environment: environment, timeout: 60)
    #expect(streamed.rows.count > 30, "README.md should scroll the pane")
    #expect(streamed.rows == oneShot.rows)
    // Where a row's attributes are set or reset (at the end of it or the start of the next)
    // differs with how the cells were written, not in what the screen shows: the cells, each
    // with the attributes tmux carries to it from the cells before, are compared.
    #expect(Self.styledCells(streamed.styledRows) == Self.styledCells(oneShot.styledRows))
  }

  /// Each row's characters, each with the attributes it has (the SGR state carried from row
  /// to row, as tmux captures it).
  private static func styledCells(_ rows: [String]) -> [[String]] {
    var state: [String: String] = [:]
    let sequence = /\u{1B}\[([0-9;]*)m/
    return rows.map { row in
      var cells: [String] = []
      var rest = Substring(row)
      func addCells(_ text: Substring) {
        let attributes = state.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        for character in text { cells.append("\(character) \(attributes)") }
      }
      while let match = rest.firstMatch(of: sequence) {
        addCells(rest[..<match.range.lowerBound])
        apply(String(match.output.1), to: &state)
        rest = rest[match.range.upperBound...]
      }
      addCells(rest)
      return cells
    }
  }

  /// `parameters` of one SGR sequence applied to `state` (attribute → value).
  private static func apply(_ parameters: String, to state: inout [String: String]) {
    var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    while !codes.isEmpty {
      let code = codes.removeFirst()
      switch code {
      case 0: state = [:]
      case 38, 48:
        let value = codes.prefix(codes.first == 5 ? 2 : 4).map(String.init).joined(separator: ";")
        codes.removeFirst(min(codes.count, codes.first == 5 ? 2 : 4))
        state[code == 38 ? "fg" : "bg"] = value
      case 39: state["fg"] = nil
      case 49: state["bg"] = nil
      case 30...37, 90...97: state["fg"] = String(code)
      case 40...47, 100...107: state["bg"] = String(code)
      case 22: state["1"] = nil; state["2"] = nil
      case 23...29: state[String(code - 20)] = nil
      default: state[String(code)] = "on"
      }
    }
  }
}

/// Reads a pipe to its end on a background thread, and tells what arrived so far.
private final class OutputCollector: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.lock.withLock { self.data.append(chunk) }
      }
      self.done.signal()
    }.start()
  }

  var count: Int { lock.withLock { data.count } }
  var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

  func finish() -> String {
    done.wait()
    return text
  }
}

/// Examples/StreamingChat, as built by `swift build`: a file streamed into styled text shows its
/// blocks one by one, and ends as the one-shot text.
@Suite(
  .enabled(
    if: BuiltProducts.isBuilt("streaming-chat"),
    "SKIPPED: streaming-chat is not built; run `swift build` first"))
struct StreamingChatExampleTests {
  @Test func aFileStreamedIntoStyledTextShowsItsBlocksOneByOne() throws {
    let answer = SharedFixtures.fixture("Fixtures/Stream/answer.md")
    let run = try ProcessRun(
      BuiltProducts.executable("streaming-chat"), [answer.path, "7"],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 0, "\(run.error)")
    let lines = run.outputText.split(separator: "\n", omittingEmptySubsequences: false)
    let end = try #require(lines.firstIndex(of: "---"))
    // `[block ID at byte N]`, N growing: each block committed on its own, in order.
    let offsets = lines[..<end].compactMap { line -> Int? in
      guard line.hasPrefix("[block "), let at = line.range(of: " at byte ") else { return nil }
      return Int(line[at.upperBound...].dropLast())
    }
    #expect(offsets.count == 13, "\(lines[..<end])")
    #expect(offsets == offsets.sorted())
    #expect(lines[1] == "Q01 Streaming a language model's answer")
    #expect(lines[(end + 1)...].contains("Q01 Streaming a language model's answer"))
  }
}
