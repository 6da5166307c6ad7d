import BenchKit
import Foundation
import RenderCore
import TestSupport
import Testing

@testable import RenderKit

/// cmark's own pathological inputs (`../shared/suites/pathological.json`) and the published
/// hostile inputs (`Tests/Fixtures/Hostile/published.json`) through every engine in a worker
/// (as `--isolation process` runs it; by default the engines that are not safe on hostile
/// input run so), default options, caps and scaled deadline.
/// Each input is rendered with the extensions it attacks (a table's, say) where the engine has
/// them. Each gives output or a clear error; a stop names the input's scaled deadline, and the
/// worker's processor time stays within it (a hostile input costs about what a benign one of
/// its size costs); an engine whose descriptor claims to be safe on hostile input must finish
/// every one of them.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct PathologicalInputTests {
  /// The defaults: the deadline scales with the input.
  static let limits = RenderLimits()
  /// The host's own resident memory stays below this while every input runs (the workers
  /// hold the rest, each under its cap).
  static let hostResidentBound = 1 << 30
  /// The limits an input may end on with a clear error instead of output: it came within a
  /// few kilobytes of the worker's memory cap, or its output would cross the output cap.
  static let acceptedLimits = [RenderLimits.memoryLimitName, RenderLimits.outputLimitName]

  /// Terminal output as `render --to terminal` makes it on a colour terminal.
  static let terminal = WorkerRequest.Terminal(
    stylesheet: Stylesheet.default.source, colorScheme: .light,
    renderer: TerminalRenderer(colorMode: .trueColor))

  static func cases() throws -> [PathologicalCase] {
    try PathologicalCase.load(path: SharedFixtures.url("suites/pathological.json").path)
      + PathologicalCase.load(path: SharedFixtures.fixture("Fixtures/Hostile/published.json").path)
  }

  /// How long a render may take in wall-clock time, whatever the load of the machine: the
  /// fixed backstop, and a second for the worker's start and the host's own work.
  static let wallClockBound = limits.deadline + .seconds(1)
  /// How far past its deadline a worker's processor time may go: the host samples it every
  /// 20 ms, and the stop itself takes a moment.
  static let processorTimeOvershoot = Duration.milliseconds(250)

  /// The processor time a render of `hostile` may use.
  static func deadline(_ hostile: PathologicalCase) -> Duration {
    limits.processorTime(forInputBytes: hostile.markdown.utf8.count) ?? limits.deadline
  }

  @Test("the recipes build the inputs cmark's tests describe")
  func recipes() throws {
    let cases = try PathologicalCase.load(
      path: SharedFixtures.url("suites/pathological.json").path)
    #expect(cases.count == 25)
    let byName = Dictionary(uniqueKeysWithValues: cases.map { ($0.name, $0.markdown) })
    #expect(byName["nested block quotes"] == String(repeating: "> ", count: 25_000) + "a")
    #expect(byName["U+0000 in input"] == "abc\u{0}de\u{0}")
    let lists = try #require(byName["deeply nested lists"])
    #expect(lists.hasPrefix("* a\n  * a\n    * a\n") && lists.split(separator: "\n").count == 500)
    let collisions = try #require(byName["reference collisions"])
    #expect(collisions.hasPrefix("[x") && collisions.contains("]: /url\n"))
  }

  /// The bytes path (what `render FILE` takes) gets every input too: where the text gives
  /// output, the bytes give the same; the stalls are the same worker call, judged once.
  @Test(
    "every pathological input gives output or a clear error within the deadline",
    arguments: EngineRegistry.builtIn.engineIDs)
  func everyInput(engineID: String) throws {
    let registry = try EngineRegistry.builtIn.contained(limits: Self.limits, isolation: .process)
    let engine = try registry.engine(id: engineID)
    let claimsSafety = try EngineRegistry.builtIn.engine(id: engineID).descriptor
      .isSafeOnHostileInput
    for hostile in try Self.cases() {
      let start = ContinuousClock.now
      let options = hostile.options(for: engine.descriptor)
      let outcome = Result { () throws(RenderError) in
        try engine.render(hostile.markdown, options: options)
      }
      let elapsed = ContinuousClock.now - start
      #expect(elapsed < Self.wallClockBound, "\(engineID) \(hostile.name)")
      switch outcome {
      case .success(let fragment):
        let bytesEngine = try #require(engine as? any UTF8MarkdownEngine)
        let fromBytes = Result { () throws(RenderError) in
          try bytesEngine.render(utf8: Data(hostile.markdown.utf8), options: options)
        }
        switch fromBytes {
        case .success(let bytesFragment):
          #expect(bytesFragment.html == fragment.html, "\(engineID) \(hostile.name) as bytes")
        case .failure(.deadlineExceeded):
          // An input that took nearly the deadline as text may cross it on the second run
          // (CI saw Discount do so under load): a stall, judged as the text's would be.
          #expect(!claimsSafety, "\(engineID) claims safety yet stalls on \(hostile.name)")
        case .failure(.limitExceeded(let limit, _, _)):
          // An input that came within a few kilobytes of the worker's memory cap as text may
          // cross it as bytes (CI's AddressSanitizer run saw "issue #389" through cmark do
          // so, 32 KB over 512 MiB): a clear error, judged as the text's would be.
          #expect(Self.acceptedLimits.contains(limit), "\(engineID) \(hostile.name) as bytes")
        case .failure(let other):
          Issue.record("\(engineID) \(hostile.name) as bytes: unexpected error \(other)")
        }
      case .failure(.deadlineExceeded(let engine, let seconds)):
        #expect(engine == engineID && seconds == Self.deadline(hostile).inSeconds)
        #expect(!claimsSafety, "\(engineID) claims safety yet stalls on \(hostile.name)")
      case .failure(.limitExceeded(let limit, _, _)):
        #expect(Self.acceptedLimits.contains(limit), "\(engineID) \(hostile.name)")
      case .failure(let other):
        Issue.record("\(engineID) \(hostile.name): unexpected error \(other)")
      }
    }
    #expect(
      SanitizerRun.isActive
        || ProcessMemory.bytes(field: ProcessMemory.residentField, of: "self")
          < Self.hostResidentBound
    )
  }

  /// The file paths (what `render FILE --to json` and `text` take, and `--to terminal`): the
  /// worker reads each input from a file it is passed and builds the document, or styles it
  /// and lays it out for a terminal too.
  @Test(
    "every pathological input read by the worker from a file gives a document or terminal output, or a clear error",
    arguments: EngineRegistry.builtIn.engineIDs, [false, true])
  func everyInputAsAFile(engineID: String, forTerminal: Bool) throws {
    let isolated = try IsolatedEngine(engineID: engineID, limits: Self.limits)
    let claimsSafety = try EngineRegistry.builtIn.engine(id: engineID).descriptor
      .isSafeOnHostileInput
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pathological-\(engineID)-\(UUID().uuidString).md")
    defer { try? FileManager.default.removeItem(at: url) }
    for hostile in try Self.cases() {
      try Data(hostile.markdown.utf8).write(to: url)
      let file = try InputFile(path: url.path, maximumBytes: Self.limits.maximumInputBytes)
      let start = ContinuousClock.now
      var options = hostile.options(for: isolated.descriptor)
      options.headingAnchors = forTerminal
      let outcome = Result { () throws(RenderError) in
        guard forTerminal else {
          return try isolated.run(markdownFile: file, to: .document, options: options)
            .document?.nodes.count ?? 0
        }
        return try isolated.run(
          markdownFile: file, to: .terminal(Self.terminal), options: options,
          passes: [HeadingAnchorsPass()]
        ).utf8?.count ?? -1
      }
      #expect(ContinuousClock.now - start < Self.wallClockBound, "\(engineID) \(hostile.name)")
      switch outcome {
      case .success(let count):
        // A document has its root at least; terminal output may be empty (an input of
        // definitions alone renders nothing).
        #expect(count >= (forTerminal ? 0 : 1), "\(engineID) \(hostile.name)")
      case .failure(.deadlineExceeded(let engine, let seconds)):
        #expect(engine == engineID && seconds == Self.deadline(hostile).inSeconds)
        #expect(!claimsSafety, "\(engineID) claims safety yet stalls on \(hostile.name)")
      case .failure(.limitExceeded(let limit, _, _)):
        #expect(Self.acceptedLimits.contains(limit), "\(engineID) \(hostile.name)")
      case .failure(let other):
        Issue.record("\(engineID) \(hostile.name) from a file: unexpected error \(other)")
      }
    }
  }

  /// The promise itself, in processor time rather than wall-clock time (which the load of
  /// the machine stretches): one worker per engine, its clock read around each input.
  @Test(
    "no hostile input costs a worker more processor time than its scaled deadline",
    .disabled(if: SanitizerRun.isActive, "a sanitizer's slowdown is not the input's cost"),
    arguments: EngineRegistry.builtIn.engineIDs)
  func processorTime(engineID: String) throws {
    let worker = try WorkerPool(locating: nil, warming: engineID).spawn()
    defer { worker.stop() }
    let descriptor = try EngineRegistry.builtIn.engine(id: engineID).descriptor
    var current = worker
    for hostile in try Self.cases() {
      let request = WorkerRequest(
        engineID: engineID, options: hostile.options(for: descriptor),
        input: .text(hostile.markdown))
      let bytes = request.input.count
      let before = try #require(ProcessorTime.used(by: current.processID))
      do {
        let answer = try current.exchange(
          request.encoded(), caps: WorkerCaps(limits: Self.limits, inputBytes: bytes),
          before: .now.advanced(by: Self.limits.deadline),
          processorTime: Self.limits.processorTime(forInputBytes: bytes))
        answer.deallocate()
      } catch {
        // Stopped: at its deadline, or at a cap. The clock is read before the worker goes.
        let used = (ProcessorTime.used(by: current.processID) ?? before) - before
        #expect(
          used < Self.deadline(hostile) + Self.processorTimeOvershoot,
          "\(engineID) \(hostile.name): \(used) after \(error)")
        current.stop()
        current = try WorkerPool(locating: nil, warming: engineID).spawn()
        continue
      }
      let used = try #require(ProcessorTime.used(by: current.processID)) - before
      // An answer may arrive just past the budget, between two samples.
      #expect(
        used < Self.deadline(hostile) + Self.processorTimeOvershoot,
        "\(engineID) \(hostile.name): \(used)")
    }
    current.stop()
  }

  @Test("libcmark 0.30.2 is not linear: the descriptor must not claim safety")
  func cmarkStallsOnKnownInputs() throws {
    let cases = try Self.cases()
    let hanging = try #require(cases.first { $0.name == "empty lines in deeply nested lists" })
    let isolated = try IsolatedEngine(
      engineID: "cmark", limits: RenderLimits(deadline: .seconds(1)))
    #expect(throws: RenderError.deadlineExceeded(engine: "cmark", seconds: 1)) {
      try isolated.render(hanging.markdown, options: RenderOptions())
    }
    #expect(!(try EngineRegistry.builtIn.engine(id: "cmark").descriptor.isSafeOnHostileInput))
  }
}
