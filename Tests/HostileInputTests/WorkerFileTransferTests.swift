import Foundation
import RenderCore
import TestSupport
import Testing

@testable import RenderKit

/// A Markdown file and an output file passed to the worker as descriptors: the worker reads
/// and writes them itself, with the same bytes, limits and errors as when they travel on the
/// socket, and keeps no descriptor of them afterwards.
@Suite struct WorkerFileTransferTests {
  /// A temporary file holding `contents`, removed when the test ends.
  private final class TemporaryFile {
    let url: URL

    init(_ contents: Data = Data()) throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "worker-file-\(UUID().uuidString)")
      try contents.write(to: url)
    }

    /// Opened for writing, appending to what it holds.
    func openForAppending() -> Int32 { open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC) }

    // Read with the package's own reader: `Data(contentsOf:)` of an empty file leaks its
    // buffer in this toolchain's Foundation (the address sanitizer's leak check sees it).
    var contents: [UInt8] {
      Array((try? LimitedInput.read(path: url.path, maximumBytes: 1 << 24)) ?? Data())
    }

    deinit { try? FileManager.default.removeItem(at: url) }
  }

  /// An array: a static `Data` built by appending is reported as leaked by the address
  /// sanitizer, which does not find its storage through the global.
  static let markdown: [UInt8] =
    Array(
      ("# Title\n\nSome *emphasis*, `code`, a [link](https://example.com) and caf\u{E9}.\n\n"
        + "| a | b |\n|---|---|\n| 1 | 2 |\n\n<b>raw</b> [bad](javascript:alert(1))\n").utf8)
    + [0xFF, 0x0D, 0x0A, 0x2A, 0x78, 0x2A, 0x0A]

  @Test(
    "the worker reads the file and writes the HTML after what the output held, as in-process",
    arguments: ["cmark", "cmark-gfm", "discount", "md4c"])
  func writesWhatInProcessRenders(engineID: String) throws {
    let input = try TemporaryFile(Data(Self.markdown))
    let output = try TemporaryFile(Data("before\n".utf8))
    let file = try InputFile(path: input.url.path, maximumBytes: 1 << 20)
    let descriptor = output.openForAppending()
    defer { close(descriptor) }
    let options = RenderOptions(extensions: engineID == "cmark" ? [] : [.tables])
    let isolated = try IsolatedEngine(engineID: engineID)
    let written = try isolated.run(
      markdownFile: file, to: .fragment, options: options,
      writingTo: OutputFile(descriptor: descriptor, name: "out"))
    let expected = try EngineRegistry.builtIn.engine(id: engineID).render(
      MarkdownInput.decode(Self.markdown), options: options)
    #expect(written.utf8 == nil)
    #expect(output.contents == Array("before\n".utf8) + Array(expected.utf8Data))
  }

  @Test(
    "the worker reads the file and builds the document its bytes give",
    arguments: ["cmark", "cmark-gfm", "discount", "md4c"])
  func buildsTheDocumentOfTheBytes(engineID: String) throws {
    let input = try TemporaryFile(Data(Self.markdown))
    let file = try InputFile(path: input.url.path, maximumBytes: 1 << 20)
    let options = RenderOptions(extensions: engineID == "cmark" ? [] : [.tables])
    let isolated = try IsolatedEngine(engineID: engineID)
    let fromFile = try #require(
      try isolated.run(
        markdownFile: file, to: .document, options: options, importer: HTMLImporter()
      )
      .document)
    let fromBytes = try isolated.document(
      utf8: Data(Self.markdown), options: options, importer: HTMLImporter())
    #expect(fromFile == fromBytes)
    #expect(fromFile.nodes.count > 10)
  }

  @Test("styled and terminal output of a file are the bytes' own, in the worker or not")
  func styledTextFromAFile() throws {
    let plain = try TemporaryFile(Data(Self.markdown))
    let withFrontMatter = try TemporaryFile(Data(("---\ntitle: T\n---\n").utf8 + Self.markdown))
    var configuration = RenderConfiguration()
    configuration.options.headingAnchors = true
    let terminal = TerminalRenderer()
    // Front matter, a table of contents and sanitizing need the text in this process: the
    // pipeline reads the file there instead, and the output is the same.
    for change in [
      { (_: inout RenderConfiguration) in },
      { (configuration: inout RenderConfiguration) in configuration.sanitize = true },
      { (configuration: inout RenderConfiguration) in
        configuration.options.tableOfContents = true
      },
    ] {
      var changed = configuration
      change(&changed)
      let renderer = try Renderer(configuration: changed)
      for (temporary, bytes) in [
        (plain, Data(Self.markdown)),
        (withFrontMatter, Data(("---\ntitle: T\n---\n").utf8 + Self.markdown)),
      ] {
        let file = try InputFile(path: temporary.url.path, maximumBytes: 1 << 20)
        let styled = try #require(
          try renderer.run(RenderJob(.markdown(file: file), to: .styledText)).styledText)
        #expect(styled == (try renderer.styledText(.markdown(utf8: bytes))))
        #expect(styled.blocks.contains { $0.anchor?.hasSuffix("title") == true })
        let laidOut = try renderer.run(RenderJob(.markdown(file: file), to: .terminal(terminal)))
        #expect(laidOut.utf8.map { [UInt8]($0) } == terminal.renderUTF8(styled))
      }
    }
  }

  @Test(
    "the worker's terminal output of a file is what this process lays out, sent or written",
    arguments: ["cmark", "cmark-gfm", "discount", "md4c"])
  func terminalOutputFromAFile(engineID: String) throws {
    let input = try TemporaryFile(Data(Self.markdown))
    let stylesheet = try TemporaryFile(Data("h1 { color: #c00 } code { background: #eee }".utf8))
    for (colorMode, scheme, anchors) in [
      (TerminalColorMode.none, ColorScheme.light, false), (.trueColor, .dark, true),
      (.ansi256, .light, false),
    ] {
      var configuration = RenderConfiguration()
      configuration.engine = engineID
      configuration.colorScheme = scheme
      configuration.options.headingAnchors = anchors
      configuration.stylesheet = colorMode == .ansi256 ? stylesheet.url.path : nil
      let renderer = try Renderer(configuration: configuration)
      let terminal = TerminalRenderer(
        width: 40, colorMode: colorMode, lineDrawing: colorMode == .none ? .ascii : .unicode)
      let expected = terminal.renderUTF8(
        try renderer.styledText(.markdown(utf8: Data(Self.markdown))))
      let file = try InputFile(path: input.url.path, maximumBytes: 1 << 20)
      let sent = try renderer.run(RenderJob(.markdown(file: file), to: .terminal(terminal)))
      #expect(sent.utf8.map { [UInt8]($0) } == expected)
      let output = try TemporaryFile(Data("before\n".utf8))
      let descriptor = output.openForAppending()
      defer { close(descriptor) }
      var job = RenderJob(.markdown(file: file), to: .terminal(terminal))
      job.destination = OutputFile(descriptor: descriptor, name: "out")
      guard case .written = try renderer.run(job) else {
        Issue.record("the worker did not write the output itself")
        return
      }
      #expect(output.contents == Array("before\n".utf8) + expected)
    }
  }

  /// A file every built-in pass changes in a terminal's output: math, a highlighted fence, an
  /// alert and a task list.
  static let builtInPasses = SharedFixtures.fixture("Fixtures/Terminal/built-in-passes.md")

  @Test(
    "terminal output with every built-in pass is the worker's own, the bytes of in process",
    arguments: ["cmark-gfm", "md4c"])
  func builtInPassesRunInTheWorker(engine: String) throws {
    let markdown = try Data(contentsOf: Self.builtInPasses)
    let file = try InputFile(path: Self.builtInPasses.path, maximumBytes: 1 << 20)
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    let inProcess = try Renderer(configuration: configuration)
    configuration.isolation = .process
    let contained = try Renderer(configuration: configuration)
    // `NO_COLOR` gives the plain layout; the other mode shows the highlighter's colours.
    for terminal in [
      TerminalRenderer(width: 60, colorMode: .none),
      TerminalRenderer(width: 60, colorMode: .trueColor, hyperlinks: true),
    ] {
      let expected = try #require(
        try inProcess.run(RenderJob(.markdown(file: file), to: .terminal(terminal))).utf8)
      let text = String(decoding: expected, as: UTF8.self)
      // The passes ran in process: no dollar, alert marker or fence is left as written.
      #expect(!text.contains("$") && !text.contains("[!WARNING]") && !text.contains("```"))
      #expect(text.contains("Warning"))
      // Written to the destination by the worker itself: the host ran no pass.
      for source in [RenderJob.Source.markdown(file: file), .markdown(utf8: markdown)] {
        let output = try TemporaryFile()
        let descriptor = output.openForAppending()
        defer { close(descriptor) }
        var job = RenderJob(source, to: .terminal(terminal))
        job.destination = OutputFile(descriptor: descriptor, name: "out")
        guard case .written = try contained.run(job) else {
          Issue.record("\(engine), \(terminal.colorMode): the host made the output")
          continue
        }
        #expect(output.contents == [UInt8](expected), "\(engine), \(terminal.colorMode)")
      }
    }
  }

  @Test("a file that grew past the limit after it was checked is refused by the worker")
  func fileBeyondTheLimitIsRefused() throws {
    let input = try TemporaryFile(Data("small\n".utf8))
    let output = try TemporaryFile()
    let file = try InputFile(path: input.url.path, maximumBytes: 64)
    try Data(repeating: UInt8(ascii: "x"), count: 100).write(to: input.url)
    let descriptor = output.openForAppending()
    defer { close(descriptor) }
    #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 65, maximum: 64)) {
      try IsolatedEngine(engineID: "cmark").run(
        markdownFile: file, to: .fragment, options: RenderOptions(),
        writingTo: OutputFile(descriptor: descriptor, name: "out"))
    }
    #expect(output.contents.isEmpty)
    #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 65, maximum: 64)) {
      try IsolatedEngine(engineID: "cmark").run(
        markdownFile: file, to: .document, options: RenderOptions())
    }
  }

  @Test("output beyond the cap is refused before anything is written")
  func outputCapHoldsBeforeWriting() throws {
    // 480 KB whose HTML (1.3 MB) passes the 1 MiB floor of a ratio of 1.
    let input = try TemporaryFile(Data(String(repeating: "*a* ", count: 120_000).utf8))
    let output = try TemporaryFile()
    let file = try InputFile(path: input.url.path, maximumBytes: 1 << 20)
    let descriptor = output.openForAppending()
    defer { close(descriptor) }
    let limits = RenderLimits(deadline: .seconds(10), maximumOutputRatio: 1)
    #expect {
      try IsolatedEngine(engineID: "cmark", limits: limits).run(
        markdownFile: file, to: .fragment, options: RenderOptions(),
        writingTo: OutputFile(descriptor: descriptor, name: "out"))
    } throws: { error in
      guard case .limitExceeded(RenderLimits.outputLimitName, _, _) = error as? RenderError
      else { return false }
      return true
    }
    #expect(output.contents.isEmpty)
  }

  @Test("a failed write is an error naming the output and why, not the engine")
  func failedWriteNamesTheOutput() throws {
    let input = try TemporaryFile(Data("*x*\n".utf8))
    let output = try TemporaryFile()
    let file = try InputFile(path: input.url.path, maximumBytes: 1 << 20)
    let readOnly = open(output.url.path, O_RDONLY | O_CLOEXEC)
    defer { close(readOnly) }
    #expect(
      throws: RenderError.fileUnreadable(
        path: "out.html",
        reason: "cannot be written (Bad file descriptor); check that it is open for writing")
    ) {
      try IsolatedEngine(engineID: "md4c").run(
        markdownFile: file, to: .fragment, options: RenderOptions(),
        writingTo: OutputFile(descriptor: readOnly, name: "out.html"))
    }
  }

  @Test("an idle worker that died is replaced for a request that writes output")
  func deadIdleWorkerIsReplaced() throws {
    let isolated = try IsolatedEngine(engineID: "cmark")
    try isolated.startWorker()
    let idle = try #require(isolated.pool.idleProcessIDs.first)
    kill(idle, SIGKILL)
    // Until it has died (a zombie: the pool reaps it), the socket would still take the request.
    while (try? String(contentsOfFile: "/proc/\(idle)/stat", encoding: .utf8))?.contains(") Z ")
      == false
    {
      usleep(1000)
    }
    let input = try TemporaryFile(Data("*x*\n".utf8))
    let output = try TemporaryFile()
    let file = try InputFile(path: input.url.path, maximumBytes: 1 << 20)
    let descriptor = output.openForAppending()
    defer { close(descriptor) }
    _ = try isolated.run(
      markdownFile: file, to: .fragment, options: RenderOptions(),
      writingTo: OutputFile(descriptor: descriptor, name: "out"))
    #expect(output.contents == Array("<p><em>x</em></p>\n".utf8))
    #expect(!isolated.pool.idleProcessIDs.contains(idle))
  }

  @Test("the worker has closed the passed descriptors by the time it answers")
  func noDescriptorOutlivesTheRequest() throws {
    let worker = try WorkerProcess.spawn(executable: WorkerExecutable.locate(configured: nil))
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    let input = try TemporaryFile(Data("*x*\n".utf8))
    let output = try TemporaryFile()
    let paragraph = try EngineRegistry.builtIn.engine(id: "cmark").render(
      "*x*\n", options: RenderOptions()
    ).html
    func openCount() -> Int {
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(worker.processID)/fd"))?
        .count ?? -1
    }
    let caps = WorkerCaps(limits: RenderLimits(), inputBytes: 4)
    // A first request on the socket, so that the worker has opened all it keeps open.
    _ = try worker.exchange(
      WorkerRequest(engineID: "cmark", options: RenderOptions(), input: .text("a")).encoded(),
      caps: caps, before: deadline
    ).deallocate()
    let before = openCount()
    for _ in 0..<3 {
      let file = try InputFile(path: input.url.path, maximumBytes: 1 << 20)
      let descriptor = output.openForAppending()
      defer { close(descriptor) }
      let request = WorkerRequest(
        engineID: "cmark", options: RenderOptions(),
        input: .file(descriptor: file.descriptor, byteCount: 4), destination: descriptor)
      let answer = try withExtendedLifetime(file) {
        try worker.exchange(request.encoded(), caps: caps, before: deadline)
      }
      #expect(WorkerResponse(taking: answer) == .written(paragraph.utf8.count))
    }
    #expect(before > 0 && openCount() == before)
    #expect(output.contents == Array(String(repeating: paragraph, count: 3).utf8))
  }

  @Test("a head saying descriptors come that did not is answered at once, not trusted")
  func missingDescriptorIsRefused() throws {
    let worker = try WorkerProcess.spawn(executable: WorkerExecutable.locate(configured: nil))
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    var head = WorkerRequest.Head(engineID: "cmark", options: RenderOptions())
    head.writesOutput = true
    try worker.channel.send(
      after: [WorkerCaps(limits: RenderLimits(), inputBytes: 1).encoded(), head.encoded()],
      head: [], tail: UnsafeRawBufferPointer(start: nil, count: 0), before: deadline)
    let response = WorkerResponse(taking: try worker.channel.receiveBuffer(before: deadline))
    guard case .failure(let message) = response else {
      Issue.record("expected a failure, got \(String(describing: response))")
      return
    }
    #expect(
      message.hasPrefix("the worker did not receive the files the request passed (0 arrived)"))
  }

  @Test("where input and output travel survives the head's encoding, past 4 GiB too")
  func headCarriesTheTransfer() {
    var head = WorkerRequest.Head(engineID: "md4c", options: RenderOptions())
    for (maximum, writes, text) in [
      (nil, false, true), (Optional(5 << 32 | 7), true, false), (Optional(9), false, false),
    ] {
      head.inputFileMaximumBytes = maximum
      head.writesOutput = writes
      head.inputIsText = text
      #expect(WorkerRequest.Head(decoding: head.encoded()) == head)
    }
    // Terminal output's settings travel with its head, and such a head without them is refused.
    head.output = .terminal(
      WorkerRequest.Terminal(
        stylesheet: "p { color: red }", colorScheme: .dark,
        renderer: TerminalRenderer(
          width: 123, colorMode: .ansi256, hyperlinks: false, lineDrawing: .ascii)))
    let encodedTerminal = head.encoded()
    #expect(WorkerRequest.Head(decoding: encodedTerminal) == head)
    head.output = .fragment
    let withoutSettings = Array(head.encoded().dropLast()) + [2]
    #expect(WorkerRequest.Head(decoding: withoutSettings) == nil)
    #expect(WorkerRequest.Head(decoding: encodedTerminal + [0]) == nil)
    // Plain text and JSON carry the stylesheet and scheme their cascade uses, each its own.
    let styles = WorkerRequest.Styles(stylesheet: "p { display: none }", colorScheme: .dark)
    for output in [WorkerRequest.Output.plainText(styles), .json(styles)] {
      head.output = output
      #expect(WorkerRequest.Head(decoding: head.encoded()) == head)
      #expect(WorkerRequest.Head(decoding: Array(head.encoded().dropLast())) == nil)
    }
    let terminalOutput = WorkerResponse.bytes(Data("\u{1B}[1mbold\u{1B}[0m\n".utf8))
    let encoded = terminalOutput.withEncoded { head, tail in head + Array(tail) }
    let received = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: encoded.count)
    _ = received.initialize(from: encoded)
    #expect(WorkerResponse(taking: received) == terminalOutput)
    for count in [0, 15, 3 << 32 | 1] {
      let encoded = WorkerResponse.written(count).withEncoded { head, _ in head }
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: encoded.count)
      _ = buffer.initialize(from: encoded)
      #expect(WorkerResponse(taking: buffer) == .written(count))
    }
  }
}
