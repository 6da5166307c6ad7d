import Foundation
import RenderKit

/// Renders the records of a batch: each under its own configuration (the batch's, with the
/// record's settings over it), contained as ``Renderer`` contains every render (deadline,
/// memory cap, input and output caps, per record), on workers that live as long as this.
///
/// ```swift
/// let batch = try BatchRenderer(configuration: .resolve(), outputs: [.fragment, .title])
/// for try await result in batch.results(for: records, parallelism: 4) {
///   FileHandle.standardOutput.write(result.jsonLine)
/// }
/// ```
public final class BatchRenderer: Sendable {
  /// The configuration of records without settings, and under those with them.
  public let configuration: RenderConfiguration
  /// What a record that names no outputs is answered with.
  public let outputs: Set<BatchOutput>
  /// The folder a record's relative `path` resolves against.
  public let directory: String
  // NSLock, not Synchronization's Mutex, for the reason `Locked` gives.
  private let lock = NSLock()
  /// A renderer per configuration in use, each with its own workers: a renderer made per
  /// record would start a worker process per record.
  private nonisolated(unsafe) var renderers: [RenderConfiguration: Renderer] = [:]
  /// How many configurations keep a renderer; records under more get one each time.
  private static let maximumRenderers = 32

  /// A batch over `configuration` answering `outputs` by default; throws when the
  /// configuration cannot make a renderer (an unknown engine, an unreadable stylesheet).
  public init(
    configuration: RenderConfiguration, outputs: Set<BatchOutput> = [.fragment],
    directory: String = FileManager.default.currentDirectoryPath
  ) throws(RenderError) {
    self.configuration = configuration
    self.outputs = outputs.isEmpty ? [.fragment] : outputs
    self.directory = directory
    renderers[configuration] = try Renderer(configuration: configuration)
  }

  /// The answers to `records`, in their order, `parallelism` rendered at a time (see
  /// ``OrderedConcurrentMap``: a bounded number are held, and `records` is read no faster
  /// than answers are taken).
  public func results<Records: AsyncSequence & Sendable>(
    for records: Records, parallelism: Int
  ) -> OrderedConcurrentMap<Records, BatchResult> where Records.Element == BatchRecord {
    OrderedConcurrentMap(records, parallelism: parallelism) { record in
      self.result(for: record)
    }
  }

  /// The answers to `lines` of JSON Lines, one per line (see ``result(forLine:)``), in order.
  public func results<Lines: AsyncSequence & Sendable>(
    forLines lines: Lines, parallelism: Int
  ) -> OrderedConcurrentMap<Lines, BatchResult> where Lines.Element == BatchLine {
    OrderedConcurrentMap(
      lines, parallelism: parallelism,
      transformingRuns: { run in
        self.results(forLines: run)
      })
  }

  /// The answers to `lines`, in their order, each as ``result(forLine:)`` gives it; the
  /// records under the batch's configuration whose outputs one job makes (plain text, or
  /// JSON) are rendered together (``RenderKit/Renderer/run(_:)``), so that contained small
  /// documents go to their worker in runs. Blocks while workers render.
  public func results(forLines lines: [BatchLine]) -> [BatchResult] {
    var results = [BatchResult?](repeating: nil, count: lines.count)
    var gathered: [(index: Int, record: BatchRecord, job: BatchJob, outputs: Set<BatchOutput>)] =
      []
    let renderer = lock.withLock { renderers[configuration] }
    for (index, line) in lines.enumerated() {
      let record: BatchRecord
      switch reading(line) {
      case .answered(let answer):
        results[index] = answer
        continue
      case .record(let read): record = read
      }
      let outputs = record.outputs ?? self.outputs
      if let renderer, record.configuration == nil {
        let outcome: Result<BatchResult.Outputs, BatchFailure>
        do throws(RenderError) {
          var job = try BatchJob(record, renderer: renderer, directory: directory)
          if job.soleJob(for: outputs) != nil {
            gathered.append((index, record, job, outputs))
            continue
          }
          outcome = .success(try job.outputs(outputs))
        } catch {
          outcome = .failure(BatchFailure(error))
        }
        results[index] = BatchResult(id: record.id, line: line.number, outcome: outcome)
        continue
      }
      results[index] = result(for: record)
      results[index]?.line = line.number
    }
    if let renderer, !gathered.isEmpty {
      let ran = renderer.run(gathered.map { $0.job.soleJob(for: $0.outputs)! })
      for (entry, ranJob) in zip(gathered, ran) {
        var job = entry.job
        let outcome: Result<BatchResult.Outputs, BatchFailure>
        do throws(RenderError) {
          job.soleOutput = try ranJob.get().utf8 ?? Data()
          outcome = .success(try job.outputs(entry.outputs))
        } catch {
          outcome = .failure(BatchFailure(error))
        }
        results[entry.index] = BatchResult(
          id: entry.record.id, line: lines[entry.index].number, outcome: outcome)
      }
    }
    return results.map { $0! }
  }

  /// What a line holds: a record, or, when it holds none, its answer already.
  private enum Reading {
    case record(BatchRecord)
    case answered(BatchResult)
  }

  /// The answer to one line: its record's, or an `invalid-record` or `input-too-large`
  /// failure when it holds none; every line has one, a blank one too. Blocks while workers
  /// render.
  public func result(forLine line: BatchLine) -> BatchResult {
    switch reading(line) {
    case .answered(let answer): return answer
    case .record(let record):
      var result = result(for: record)
      result.line = line.number
      return result
    }
  }

  /// The record on `line`, or the answer to a line that holds none.
  private func reading(_ line: BatchLine) -> Reading {
    guard let bytes = line.bytes else {
      return .answered(
        BatchResult(
          id: nil, line: line.number,
          outcome: .failure(
            BatchFailure(
              .inputTooLarge,
              "the line is \(line.length) bytes, more than a record may be; "
                + "give the document by \"path\", or raise maximumInputBytes"))))
    }
    switch BatchRecord.decode(bytes, over: configuration) {
    case .success(let record): return .record(record)
    case .failure(let refusal):
      return .answered(
        BatchResult(id: refusal.id, line: line.number, outcome: .failure(refusal.failure)))
    }
  }

  /// The answer to `record`. Blocks while workers render: call it from a thread that may
  /// block (an ``OrderedConcurrentMap`` lane), never from Swift's cooperative pool.
  public func result(for record: BatchRecord) -> BatchResult {
    BatchResult(id: record.id, outcome: outcome(of: record))
  }

  /// The outputs of `record`, or why there are none; blocks while workers render.
  public func outcome(of record: BatchRecord) -> Result<BatchResult.Outputs, BatchFailure> {
    do throws(RenderError) {
      let renderer = try renderer(for: record.configuration ?? configuration)
      var job = try BatchJob(record, renderer: renderer, directory: directory)
      return .success(try job.outputs(record.outputs ?? outputs))
    } catch {
      return .failure(BatchFailure(error))
    }
  }

  private func renderer(for configuration: RenderConfiguration) throws(RenderError) -> Renderer {
    if let renderer = lock.withLock({ renderers[configuration] }) { return renderer }
    let renderer = try Renderer(configuration: configuration)
    lock.withLock {
      if renderers.count < Self.maximumRenderers { renderers[configuration] = renderer }
    }
    return renderer
  }
}
