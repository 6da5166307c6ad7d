import Foundation
import RenderCommand
import RenderCore
import TestSupport
import Testing

/// `render preview FILE` and `render FILE --watch -o OUT`, run in-process: the context's
/// `waitForTermination` is where the test edits the files and looks at what changed, and
/// returning from it stops the command, as Ctrl-C does.
@Suite("render preview and --watch")
struct LiveCommandTests {
  @Test(
    "live modes refuse what does not apply to them",
    arguments: [
      ["preview"], ["preview", "-"], ["--port", "8000", "notes.md"], ["notes.md", "--watch"],
      ["--watch", "-o", "out.html"], ["preview", "notes.md", "-o", "out.html"],
      ["preview", "notes.md", "--to", "text"], ["preview", "notes.md", "--watch"],
      ["preview", "notes.md", "--base-url", "https://example.com/"],
      ["preview", "notes.md", "--port", "0"], ["preview", "notes.md", "--port", "70000"],
    ])
  func refusesInapplicableOptions(arguments: [String]) {
    let run = CommandRun(arguments)
    #expect(run.status == .usage)
    #expect(run.error.contains("Try 'render --help'"))
  }

  @Test("preview prints its address, serves the page and pushes a save to the open stream")
  func previewServesAndUpdates() throws {
    let folder = try Self.folder()
    try Data("# Live\n\nFirst draft.\n".utf8).write(to: folder.appendingPathComponent("notes.md"))
    let output = Locked("")
    let seen = Locked<[String: String]>([:])
    let context = CommandContext(
      readStandardInput: { _ in Data() },
      writeOutput: { data in output.withLock { $0 += String(decoding: data, as: UTF8.self) } },
      writeError: { _ in }, environment: [:], currentDirectory: folder.path,
      outputIsTerminal: false, errorIsTerminal: false,
      waitForTermination: {
        guard let port = Self.port(in: output.withLock { $0 }) else { return }
        let client = RawHTTPClient(port: port)
        let page = (try? client.get("/").text) ?? ""
        seen.withLock { $0["page"] = page }
        let version = Self.number(after: "data-version=\"", in: page) ?? 0
        try? Data("# Live\n\nSecond draft.\n".utf8)
          .write(to: folder.appendingPathComponent("notes.md"))
        let stream = try? client.read("/.render-preview/events?since=\(version)") {
          $0.contains("Second draft")
        }
        seen.withLock { $0["stream"] = stream ?? "" }
      })
    let status = RenderCommand.run(["preview", "notes.md"], context: context)
    #expect(status == .success)
    #expect(output.withLock { $0 }.hasPrefix("Previewing notes.md at http://127.0.0.1:"))
    let results = seen.withLock { $0 }
    #expect(results["page"]?.contains("<p>First draft.</p>") == true)
    #expect(results["stream"]?.contains("Second draft.") == true)
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("preview of a file that does not exist fails at once")
  func previewNeedsTheFile() {
    let run = CommandRun(["preview", "missing-\(UUID().uuidString).md"])
    #expect(run.status == .failure)
    #expect(run.error.contains("no such file"))
  }

  @Test(
    "--watch rewrites the output on every save, whatever --to says",
    arguments: ["fragment", "page", "text", "json", "terminal"])
  func watchRewritesOutput(format: String) throws {
    let folder = try Self.folder()
    let input = folder.appendingPathComponent("notes.md")
    let output = folder.appendingPathComponent("out")
    try Data("first version\n".utf8).write(to: input)
    let contents = Locked<[String]>([])
    let context = CommandContext(
      readStandardInput: { _ in Data() }, writeOutput: { _ in }, writeError: { _ in },
      environment: [:], currentDirectory: folder.path, outputIsTerminal: false,
      errorIsTerminal: false,
      waitForTermination: {
        let first = Self.poll(output)
        try? Data("second version\n".utf8).write(to: input)
        let second = Self.poll(output) { $0.contains("second") }
        contents.withLock { $0 = [first, second] }
      })
    let status = RenderCommand.run(
      ["notes.md", "--watch", "--to", format, "-o", "out"], context: context)
    #expect(status == .success)
    let written = contents.withLock { $0 }
    #expect(written.first?.contains("first version") == true)
    #expect(written.last?.contains("second version") == true)
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("--watch renders again when the stylesheet is saved")
  func watchFollowsTheStylesheet() throws {
    let folder = try Self.folder()
    try Data("# Styled\n".utf8).write(to: folder.appendingPathComponent("notes.md"))
    let stylesheet = folder.appendingPathComponent("notes.css")
    let output = folder.appendingPathComponent("out.html")
    try Data("h1 { color: #123456; }".utf8).write(to: stylesheet)
    let last = Locked("")
    let context = CommandContext(
      readStandardInput: { _ in Data() }, writeOutput: { _ in }, writeError: { _ in },
      environment: [:], currentDirectory: folder.path, outputIsTerminal: false,
      errorIsTerminal: false,
      waitForTermination: {
        _ = Self.poll(output) { $0.contains("#123456") }
        try? Data("h1 { color: #654321; }".utf8).write(to: stylesheet)
        let text = Self.poll(output) { $0.contains("#654321") }
        last.withLock { $0 = text }
      })
    let status = RenderCommand.run(
      ["notes.md", "--watch", "--to", "page", "--stylesheet", "notes.css", "-o", "out.html"],
      context: context)
    #expect(status == .success)
    #expect(last.withLock { $0 }.contains("#654321"))
    try? FileManager.default.removeItem(at: folder)
  }

  private static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("render-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Reads `file` every 10 ms until `done` holds (at most 10 s: a bound for broken runs, not a
  /// speed assertion); the last text read. The file may be caught empty between the command's
  /// truncate and write: it is read through `LimitedInput`, as Foundation's readers leak 4 KiB
  /// per empty file on Linux (LeakSanitizer fails the sanitizer run on it).
  private static func poll(_ file: URL, until done: (String) -> Bool = { !$0.isEmpty }) -> String {
    let read = {
      String(
        decoding: (try? LimitedInput.read(path: file.path, maximumBytes: 1 << 20)) ?? Data(),
        as: UTF8.self)
    }
    let deadline = Date(timeIntervalSinceNow: 10)
    var text = read()
    while !done(text) && Date() < deadline {
      usleep(10_000)
      text = read()
    }
    return text
  }

  private static func port(in output: String) -> UInt16? {
    number(after: "http://127.0.0.1:", in: output).flatMap { UInt16(exactly: $0) }
  }

  private static func number(after marker: String, in text: String) -> Int? {
    guard let range = text.range(of: marker) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }
}
