import EngineDiscount
import Foundation
import HTMLImport
import RenderCore
import Testing

@testable import RenderKit

/// IsolatedEngine's contract: the same output as in-process, every failure a clear error,
/// and no worker process left behind.
@Suite struct IsolatedEngineTests {
  static let ordinaryDocuments = [
    "# Title\n\nSome *emphasis*, `code` and a [link](https://example.com).\n",
    "- one\n- two\n\n1. first\n2. second\n\n> quoted \"text\" -- with dashes...\n",
    "| a | b |\n|---|---|\n| 1 | 2 |\n\nfootnote[^n]\n\n[^n]: the note\n",
    "<b>raw</b> and [bad](javascript:alert(1)) and ![img](data:text/html,x)\nline two\n",
  ]
  static let optionSets = [
    RenderOptions(),
    RenderOptions(unsafe: true, smartPunctuation: true),
    RenderOptions(hardLineBreaks: true, extensions: [.tables, .footnotes]),
  ]

  @Test("isolated Discount renders ordinary documents exactly as in-process")
  func discountMatchesInProcess() throws {
    let isolated = try IsolatedEngine(engineID: "discount")
    for document in Self.ordinaryDocuments {
      for options in Self.optionSets {
        let expected = try DiscountEngine().render(document, options: options)
        #expect(try isolated.render(document, options: options) == expected)
      }
    }
  }

  /// Bytes that are not UTF-8, a NUL, a byte-order mark and every kind of line end: the
  /// worker's decoding of bytes the host sent as they are must be the host's own. The last
  /// needs no repair, so cmark and cmark-gfm parse it as it is.
  static let awkwardBytes: [[UInt8]] = [
    Array("# caf\u{E9}\n\n*x*".utf8) + [
      0xFF, 0xC3, 0x28, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF0, 0x9F,
    ],
    [0xEF, 0xBB, 0xBF] + Array("- a\r\n- b\rc\u{0}d\n".utf8),
    [],
    [0xEF, 0xBB, 0xBF]
      + Array("# \u{E9}t\u{E9} \u{4E2D}\u{6587}\n\n| a | b |\n| - | - |\n".utf8)
      + Array("| \u{1F600} | *x* |\n".utf8),
  ]

  @Test(
    "Markdown sent as bytes renders as its decoded text does, in every engine",
    arguments: ["cmark", "cmark-gfm", "discount", "md4c"])
  func bytesRenderAsTheirDecodedText(engineID: String) throws {
    let isolated = try IsolatedEngine(engineID: engineID)
    let inProcess = try EngineRegistry.builtIn.engine(id: engineID)
    for bytes in Self.awkwardBytes {
      let expected = try inProcess.render(MarkdownInput.decode(bytes), options: RenderOptions())
      #expect(try isolated.render(utf8: Data(bytes), options: RenderOptions()) == expected)
      let document = try isolated.document(
        utf8: Data(bytes), options: RenderOptions(), importer: HTMLImporter())
      #expect(
        try document
          == isolated.document(
            MarkdownInput.decode(bytes), options: RenderOptions(), importer: HTMLImporter()))
    }
  }

  @Test("isolated cmark renders with source positions exactly as in-process")
  func cmarkMatchesInProcess() throws {
    let isolated = try IsolatedEngine(engineID: "cmark")
    let options = RenderOptions(sourcePositions: true)
    let expected = try EngineRegistry.builtIn.engine(id: "cmark").render(
      "# a\n\nb", options: options)
    #expect(try isolated.render("# a\n\nb", options: options) == expected)
    #expect(expected.html.contains("data-sourcepos"))
  }

  @Test("the descriptor is the engine's, marked safe and parallel")
  func descriptor() throws {
    let descriptor = try IsolatedEngine(engineID: "discount").descriptor
    let original = DiscountEngine().descriptor
    #expect(descriptor.id == "discount" && descriptor.features == original.features)
    #expect(descriptor.isSafeOnHostileInput && descriptor.concurrency == .parallel)
  }

  @Test("an unsupported feature fails in the host, naming the engines that have it")
  func unsupportedFeature() throws {
    let isolated = try IsolatedEngine(engineID: "cmark")
    #expect(
      throws: RenderError.unsupportedFeature(
        .tables, engine: "cmark", supportedBy: ["cmark-gfm", "discount", "md4c"])
    ) {
      try isolated.render("x", options: RenderOptions(extensions: [.tables]))
    }
  }

  @Test("input beyond the limit fails before any worker starts")
  func inputLimit() throws {
    let isolated = try IsolatedEngine(
      engineID: "discount", limits: RenderLimits(maximumInputBytes: 10))
    #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 11, maximum: 10)) {
      try isolated.render("hello world", options: RenderOptions())
    }
    #expect(try isolated.render("0123456789", options: RenderOptions()).html == "<p>0123456789</p>")
  }

  @Test("an engine the worker lacks is refused with the valid identifiers")
  func unknownEngine() {
    #expect(
      throws: RenderError.unknownEngine(
        "nope", available: ["cmark", "cmark-gfm", "discount", "md4c"])
    ) {
      try IsolatedEngine(engineID: "nope")
    }
  }

  @Test("a missing worker executable is reported with what to do")
  func missingWorker() throws {
    // Creating the engine succeeds; the render that needs the worker says what to do.
    let isolated = try IsolatedEngine(
      engineID: "discount", workerExecutable: "/nonexistent/render-worker")
    #expect {
      try isolated.render("x", options: RenderOptions())
    } throws: { error in
      guard case .engineFailed("render-worker", let detail) = error as? RenderError else {
        return false
      }
      return detail.contains("/nonexistent/render-worker") && detail.contains("RENDER_WORKER_PATH")
    }
  }

  @Test("a worker killed by a signal is reported as a crash")
  func crashingWorker() throws {
    let isolated = try IsolatedEngine(
      engineID: "discount", workerExecutable: WorkerScripts.crashing)
    #expect(
      throws: RenderError.engineCrashed(
        engine: "discount", detail: "its worker process killed by signal 11 (Segmentation fault)")
    ) { try isolated.render("x", options: RenderOptions()) }
  }

  @Test("a worker that exits is reported with its status")
  func exitingWorker() throws {
    let isolated = try IsolatedEngine(engineID: "discount", workerExecutable: WorkerScripts.exiting)
    #expect(
      throws: RenderError.engineCrashed(
        engine: "discount", detail: "its worker process exited with status 3")
    ) { try isolated.render("x", options: RenderOptions()) }
  }

  @Test("a worker executable held open for writing a moment longer still starts")
  func busyExecutable() throws {
    // What a child another thread is starting does to a script just written: until it runs
    // its own program it holds the writable descriptor, and running the script fails with
    // ETXTBSY ("Text file busy").
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("busy-worker-\(getpid())").path
    let writer = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    defer { unlink(path) }
    let script = Array("#!/bin/sh\nexit 3\n".utf8)
    #expect(script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == script.count)
    // A thread of its own: dispatch's shared pool, busy with other suites, ran this late.
    Thread.detachNewThread {
      usleep(30_000)
      close(writer)
    }
    let isolated = try IsolatedEngine(engineID: "discount", workerExecutable: path)
    #expect(
      throws: RenderError.engineCrashed(
        engine: "discount", detail: "its worker process exited with status 3")
    ) { try isolated.render("x", options: RenderOptions()) }
  }

  @Test("a worker that never answers is stopped at the deadline")
  func hangingWorker() throws {
    let isolated = try IsolatedEngine(
      engineID: "discount", limits: RenderLimits(deadline: .milliseconds(300)),
      workerExecutable: WorkerScripts.hanging)
    #expect(throws: RenderError.deadlineExceeded(engine: "discount", seconds: 0.3)) {
      try isolated.render("x", options: RenderOptions())
    }
    #expect(isolated.pool.idleProcessIDs.isEmpty)
  }

  @Test("a render nearing its deadline starts one spare, the next render takes it, none leaks")
  func spareWorker() throws {
    var spares: [pid_t] = []
    do {
      let isolated = try IsolatedEngine(
        engineID: "discount", limits: RenderLimits(deadline: .milliseconds(300)),
        workerExecutable: WorkerScripts.hanging)
      for _ in 0..<2 {
        #expect(throws: RenderError.deadlineExceeded(engine: "discount", seconds: 0.3)) {
          try isolated.render("x", options: RenderOptions())
        }
        #expect(isolated.pool.idleProcessIDs.isEmpty)
        spares.append(try #require(isolated.pool.spareProcessID))
      }
      // The second render ran on the first one's spare (and was killed there): a new spare.
      #expect(spares[0] != spares[1])
      isolated.pool.finishReaping()
      #expect(isReaped(spares[0]))
      #expect(!isReaped(spares[1]))
    }
    #expect(isReaped(spares[1]))
  }

  @Test("workers killed at their deadline are reaped off the render's path: no child is left")
  func killedWorkersAreReaped() throws {
    let isolated = try IsolatedEngine(
      engineID: "discount", limits: RenderLimits(deadline: .milliseconds(300)),
      workerExecutable: WorkerScripts.hanging)
    var killed: [pid_t] = []
    for _ in 0..<3 {
      // From the second render on, each runs on the spare the one before started.
      let spare = isolated.pool.spareProcessID
      #expect(throws: RenderError.deadlineExceeded(engine: "discount", seconds: 0.3)) {
        try isolated.render("x", options: RenderOptions())
      }
      if let spare { killed.append(spare) }
    }
    #expect(killed.count == 2)
    isolated.pool.finishReaping()
    let children = childProcesses()
    #expect(killed.filter(children.contains).isEmpty, "children \(children), killed \(killed)")
    for worker in killed { #expect(isReaped(worker)) }
    // The one spare not taken is this process's child still, alive.
    #expect(children.contains(try #require(isolated.pool.spareProcessID)))
  }

  @Test("an idle worker killed from outside is replaced without failing the render")
  func idleWorkerKilled() throws {
    let isolated = try IsolatedEngine(engineID: "discount")
    _ = try isolated.render("a", options: RenderOptions())
    let killed = try #require(isolated.pool.idleProcessIDs.first)
    kill(killed, SIGKILL)
    #expect(try isolated.render("*b*", options: RenderOptions()).html == "<p><em>b</em></p>")
    #expect(isolated.pool.idleProcessIDs.count == 1)
    #expect(isolated.pool.idleProcessIDs.first != killed)
    #expect(isReaped(killed))
  }

  @Test("a worker holds its socket and standard streams only, not what the host left open")
  func workerClosesInheritedDescriptors() throws {
    // A pipe without close-on-exec, as a careless host leaves one: a worker holding its write
    // end would keep the host's reader waiting for an end of file that never comes.
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    let isolated = try IsolatedEngine(engineID: "cmark")
    _ = try isolated.render("a", options: RenderOptions())
    let worker = try #require(isolated.pool.idleProcessIDs.first)
    let folder = "/proc/\(worker)/fd"
    // Besides those, a worker keeps its own memory statistics open: it reads them before
    // every request.
    let open = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { name in
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)")
        return target != "/proc/\(worker)/statm"
      }
      .compactMap { Int32($0) }.sorted()
    #expect(open == [0, 1, 2, WorkerProcess.socketDescriptor], "\(open), pipe \(ends)")
  }

  @Test("concurrent renders each get their own worker; the pool keeps a few")
  func concurrentRenders() async throws {
    let isolated = try IsolatedEngine(engineID: "discount")
    let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for index in 0..<16 {
        group.addTask {
          (index, try isolated.render("**\(index)**", options: RenderOptions()).html)
        }
      }
      return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
    }
    #expect(results.count == 16)
    for (index, html) in results { #expect(html == "<p><strong>\(index)</strong></p>") }
    #expect(isolated.pool.idleProcessIDs.count <= isolated.pool.maximumIdle)
  }

  @Test("every worker is reaped once its engine is gone: no zombie is left")
  func workersAreReaped() throws {
    var workers: [pid_t] = []
    do {
      let isolated = try IsolatedEngine(engineID: "discount")
      for _ in 0..<3 { _ = try isolated.render("x", options: RenderOptions()) }
      workers = isolated.pool.idleProcessIDs
    }
    #expect(workers.count == 1)
    for worker in workers { #expect(isReaped(worker)) }
  }

  /// This process's children, zombies included, from each process's `stat` under /proc.
  private func childProcesses() -> Set<pid_t> {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return Set(
      entries.compactMap { entry -> pid_t? in
        guard let processID = pid_t(entry),
          let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
          let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // After the name: the state, then the parent's identifier.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        return fields.count > 1 && pid_t(fields[1]) == getpid() ? processID : nil
      })
  }

  /// Whether `processID` no longer exists, not even as a zombie.
  private func isReaped(_ processID: pid_t) -> Bool {
    kill(processID, 0) == -1 && errno == ESRCH
  }
}
