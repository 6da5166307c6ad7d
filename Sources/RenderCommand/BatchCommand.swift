import Dispatch
import Foundation
import RenderBatch
import RenderCore
import RenderKit

/// `render batch`: JSON Lines in, one answer line per input line out (see ``BatchArguments``
/// and docs/batch.md).
enum BatchCommand {
  /// Runs `render batch` with the arguments after `batch`.
  static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
    let parsed: BatchArguments
    let share: (index: Int, count: Int)
    do {
      parsed = try BatchArguments(parsing: arguments)
      share = try parsed.share(environment: context.environment)
    } catch {
      context.writeError("render batch: \(error.message)\nTry 'render batch --help'.\n")
      return .usage
    }
    if parsed.help {
      do throws(RenderError) {
        try context.writeOutput(Data(BatchArguments.help.utf8))
        return .success
      } catch {
        context.writeError("render batch: \(error.description)\n")
        return .failure
      }
    }
    do throws(RenderError) {
      var configuration = try RenderConfiguration.resolve(
        path: parsed.configuration, environment: context.environment,
        currentDirectory: context.currentDirectory)
      parsed.commandLine.apply(to: &configuration, folder: context.currentDirectory)
      let batch = try BatchRenderer(
        configuration: configuration, outputs: parsed.outputs,
        directory: context.currentDirectory)
      let part = try parsed.outputDirectory.map { (folder) throws(RenderError) in
        try PartFile(folder: folder, share: share, context: context)
      }
      if let part, part.isComplete {
        context.writeError("render batch: \(part.finalPath) is complete already; not redone\n")
        return .success
      }
      let lines = try lines(
        of: parsed.commandLine.input, limits: configuration.limits, context: context)
      var write = context.writeOutput
      if let part {
        write = { (data: Data) throws(RenderError) in try part.write(data) }
      }
      let selected = lines.filter { ($0.number - 1) % share.count == share.index }
      let summary = run(
        batch.results(forLines: selected, parallelism: parsed.jobs ?? defaultJobs),
        write: write, context: context)
      lines.close()
      try summary.failure.map { (error) throws(RenderError) in throw error }
      try part?.complete()
      context.writeError(summary.description)
      return .success
    } catch {
      context.writeError("render batch: \(error.description)\n")
      return .failure
    }
  }

  /// The processors this process may use: its affinity and its cgroup's quota.
  static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// Writes every answer as it comes, and counts them; waits until the last is written.
  ///
  /// The calling thread waits for tasks on Swift's cooperative pool: the process's main
  /// thread does; a caller on that pool itself (a test) must call from a thread of its own.
  private static func run(
    _ results: OrderedConcurrentMap<AsyncFilterSequence<BatchLines>, BatchResult>,
    write: @escaping @Sendable (Data) throws(RenderError) -> Void, context: CommandContext
  ) -> BatchSummary {
    let summary = Locked(BatchSummary())
    let done = DispatchSemaphore(value: 0)
    let started = ContinuousClock.now
    // Taken out of the task's captures, which live until the task is freed: the renderer and
    // its workers then go (stopped and reaped) when the command lets go of them, before the
    // process exits, not at whatever time the task is freed.
    let pending = Locked(Optional(results))
    Task {
      var lastProgress = started
      do {
        var answers = pending.withLock { held in
          defer { held = nil }
          return held
        }!.makeAsyncIterator()
        while let result = try await answers.next() {
          try write(result.jsonLine)
          summary.withLock { $0.count(result) }
          if context.errorIsTerminal, lastProgress.duration(to: .now) > .seconds(1) {
            lastProgress = .now
            let line = summary.withLock { $0.progress(since: started) }
            context.writeError("\r" + line)
          }
        }
      } catch let error as RenderError {
        summary.withLock { $0.failure = error }
      } catch {
        summary.withLock { $0.failure = .fileUnreadable(path: "batch", reason: "\(error)") }
      }
      summary.withLock { $0.seconds = started.duration(to: .now).inSeconds }
      done.signal()
    }
    done.wait()
    if context.errorIsTerminal { context.writeError("\r\u{1B}[K") }
    return summary.withLock { $0 }
  }

  private static func lines(
    of input: String, limits: RenderLimits, context: CommandContext
  ) throws(RenderError) -> InputLines {
    // A record holds its document as JSON text, which escapes take beyond the document's
    // own size; twice the input cap leaves room for that without holding unbounded lines.
    let maximumLineBytes =
      limits.maximumInputBytes.multipliedReportingOverflow(by: 2)
      .partialValue + 65_536
    if input == "-" {
      guard let descriptor = context.standardInputDescriptor else {
        let data = try context.readStandardInput(Int.max)
        return InputLines(lines: BatchLines(data: data, maximumLineBytes: maximumLineBytes))
      }
      return InputLines(
        lines: BatchLines(
          descriptor: descriptor, name: "standard input", maximumLineBytes: maximumLineBytes))
    }
    let path = URL(
      fileURLWithPath: input, relativeTo: URL(fileURLWithPath: context.currentDirectory + "/")
    ).path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .fileUnreadable(
        path: input, reason: "cannot be opened (\(String(cString: strerror(errno))))")
    }
    return InputLines(
      lines: BatchLines(descriptor: descriptor, name: input, maximumLineBytes: maximumLineBytes),
      descriptor: descriptor)
  }
}

/// The input's lines, and the descriptor to close after them when the command opened it.
private struct InputLines {
  let lines: BatchLines
  var descriptor: Int32?

  func filter(_ isIncluded: @escaping @Sendable (BatchLine) -> Bool) -> AsyncFilterSequence<
    BatchLines
  > {
    lines.filter(isIncluded)
  }

  func close() {
    if let descriptor { _ = Foundation.close(descriptor) }
  }
}

/// What a run answered, for standard error.
private struct BatchSummary: Sendable {
  var answered = 0
  var failed: [BatchFailure.Kind: Int] = [:]
  var seconds = 0.0
  /// Why the run stopped before the input's end: it could not be read, or written.
  var failure: RenderError?

  mutating func count(_ result: BatchResult) {
    answered += 1
    if case .failure(let failure) = result.outcome { failed[failure.kind, default: 0] += 1 }
  }

  func progress(since start: ContinuousClock.Instant) -> String {
    "render batch: \(answered) answered, \(failed.values.reduce(0, +)) failed"
  }

  var description: String {
    let failures = failed.values.reduce(0, +)
    let kinds = BatchFailure.Kind.allCases.compactMap { kind in
      failed[kind].map { "\(kind.rawValue) \($0)" }
    }
    let rate = seconds > 0 ? Int((Double(answered) / seconds).rounded()) : 0
    return "render batch: \(answered) answered, \(answered - failures) ok, \(failures) failed"
      + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")
      + String(format: " in %.2f s, %d records/s\n", seconds, rate)
  }
}

/// The part file of `--output-dir`: written under a temporary name beside its final one and
/// renamed when complete, so a part under its final name is always whole.
private struct PartFile: Sendable {
  let finalPath: String
  let temporaryPath: String
  private let output: OutputFile?

  init(folder: String, share: (index: Int, count: Int), context: CommandContext)
    throws(RenderError)
  {
    let base = URL(
      fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: context.currentDirectory + "/"))
    do {
      try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    } catch {
      throw .fileUnreadable(path: folder, reason: "cannot be created as a folder (\(error))")
    }
    let name = String(format: "part-%05d-of-%05d.jsonl", share.index, share.count)
    finalPath = base.appendingPathComponent(name).path
    temporaryPath = base.appendingPathComponent("." + name + ".partial").path
    if FileManager.default.fileExists(atPath: finalPath) {
      output = nil
      return
    }
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .fileUnreadable(
        path: temporaryPath, reason: "cannot be written (\(String(cString: strerror(errno))))")
    }
    output = OutputFile(descriptor: descriptor, name: temporaryPath)
  }

  /// Whether the part is there under its final name already.
  var isComplete: Bool { output == nil }

  func write(_ data: Data) throws(RenderError) {
    try output?.write(data)
  }

  /// Flushes the part to disk and gives it its final name.
  func complete() throws(RenderError) {
    guard let output else { return }
    let synced = fsync(output.descriptor) == 0
    Foundation.close(output.descriptor)
    guard synced, rename(temporaryPath, finalPath) == 0 else {
      throw .fileUnreadable(
        path: finalPath, reason: "cannot be completed (\(String(cString: strerror(errno))))")
    }
  }
}
