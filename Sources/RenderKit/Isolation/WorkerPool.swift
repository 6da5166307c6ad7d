import Dispatch
import Foundation
import RenderCore

/// Idle workers kept for reuse, so that a render pays for a message round trip, not a process
/// start (a Swift executable takes milliseconds to start; a small document renders in microseconds).
///
/// Workers are handed out one caller at a time; as many run as there are concurrent callers, and
/// up to ``maximumIdle`` are kept afterwards. A worker that failed is never returned to the pool.
///
/// A render past half its deadline starts one spare worker (one per pool, kept until taken),
/// so that when the render's worker is killed the next render finds a worker ready rather than
/// waiting for one to start: a hostile input costs its deadline, not its deadline and a start.
/// A worker killed at a limit is reaped on the pool's reaper, off the path of the render's
/// answer; idle workers and the spare are stopped, and every killed worker reaped, when the
/// pool goes away.
final class WorkerPool: Sendable {
  /// The executable the workers run, or why there is none (reported at the first render).
  let executable: Result<String, RenderError>
  /// How many idle workers are kept.
  let maximumIdle: Int
  /// Whether the workers run this very program, so that a worker it forked at start will do.
  let runsHost: Bool
  /// The engine each spawned worker warms as it starts (nil for the importer's workers).
  let engineID: String?
  // NSLock, not Synchronization's Mutex, for the reason `Locked` gives.
  private let lock = NSLock()
  private nonisolated(unsafe) var idle: [WorkerProcess] = []
  private nonisolated(unsafe) var spare: WorkerProcess?
  /// Waits for the workers killed at a limit to end, one after another. A serial queue of its
  /// own runs on dispatch's overcommitting pool, so a wait never holds a thread renders need.
  private let reaper = DispatchQueue(label: "RenderKit.WorkerPool.reaper")

  /// How long before a render's deadline (or the end of its processor time) the spare is
  /// started: half the deadline, and at least 250 ms, so that the spare has started and warmed
  /// its engine by then even on a machine whose processors are all taken.
  static func spareLead(deadline: Duration) -> Duration {
    max(.milliseconds(250), deadline / 2)
  }

  /// Up to four idle workers, fewer on fewer cores. Read once: the processor count comes from
  /// the cgroup's quota files, which every pool (one per engine, the importer's, the
  /// sanitizer's) would otherwise open again as the program starts.
  static let defaultMaximumIdle = min(4, ProcessInfo.processInfo.activeProcessorCount)

  init(
    executable: Result<String, RenderError>, runsHost: Bool = false, engineID: String? = nil,
    maximumIdle: Int = WorkerPool.defaultMaximumIdle
  ) {
    self.executable = executable
    self.runsHost = runsHost
    self.engineID = engineID
    self.maximumIdle = maximumIdle
  }

  /// A pool of the worker ``WorkerExecutable`` finds from `configured`, whose workers warm
  /// `engineID` as they start; a missing worker is reported by the first render, not here.
  convenience init(locating configured: String?, warming engineID: String? = nil) {
    self.init(
      executable: Result { () throws(RenderError) in
        try WorkerExecutable.locate(configured: configured)
      }, runsHost: WorkerExecutable.isHost(configured: configured), engineID: engineID)
  }

  /// An idle worker if there is one (`isReused` true), else the spare, else a newly started one.
  func checkOut() throws(RenderError) -> (worker: WorkerProcess, isReused: Bool) {
    // The spare counts as reused: one that died while it waited is replaced once.
    let ready = lock.withLock { () -> WorkerProcess? in
      if let worker = idle.popLast() { return worker }
      defer { spare = nil }
      return spare
    }
    if let ready { return (ready, true) }
    // Counted as reused: a forked worker that died while it waited is replaced once.
    if runsHost, let worker = PrestartedWorker.take() { return (worker, true) }
    return (try spawn(), false)
  }

  /// A newly started worker.
  func spawn() throws(RenderError) -> WorkerProcess {
    try WorkerProcess.spawn(executable: executable.get(), warming: engineID)
  }

  /// Starts the spare worker unless there is one; a spare that cannot start is left to the
  /// next render to report, when it starts its own.
  func startSpare() {
    guard lock.withLock({ spare == nil }), let started = try? spawn() else { return }
    let surplus = lock.withLock { () -> WorkerProcess? in
      guard spare == nil else { return started }
      spare = started
      return nil
    }
    surplus?.stop()
  }

  /// Returns a healthy worker for reuse, or stops it when enough are idle.
  func checkIn(_ worker: WorkerProcess) {
    let surplus = lock.withLock { () -> WorkerProcess? in
      guard idle.count < maximumIdle else { return worker }
      idle.append(worker)
      return nil
    }
    surplus?.stop()
  }

  /// Sends `request` with the caps `limits` give and returns the worker's answer, all within
  /// the deadline; `name` (an engine, or the importer) is what errors name.
  ///
  /// A reused worker that turns out dead is replaced once, since its death (say, killed from
  /// outside while idle) says nothing about this input. A request that passes an output the
  /// worker writes is sent again only when the worker was gone before it had all of it: one
  /// that died later may have written part of the output already.
  func answer(
    _ request: WorkerRequest, limits: RenderLimits, name: String
  ) throws(RenderError) -> WorkerResponse {
    let deadline = ContinuousClock.now.advanced(by: limits.deadline)
    let processorTime = limits.processorTime(forInputBytes: request.input.count)
    let caps = WorkerCaps(limits: limits, inputBytes: request.input.count)
    let encoded = request.encoded()
    var (worker, isReused) = try checkOut()
    while true {
      let failure: WorkerChannel.Failure
      do {
        let answer = try worker.exchange(
          encoded, caps: caps, before: deadline, processorTime: processorTime,
          nearingEnd: (Self.spareLead(deadline: limits.deadline), startSpare))
        checkIn(worker)
        guard let response = WorkerResponse(taking: answer) else {
          return .failure("the worker sent an unreadable answer; rebuild the worker")
        }
        return response
      } catch {
        failure = error
      }
      switch failure {
      case .closedBeforeRequest where isReused,
        .closed where isReused && request.destination == nil:
        worker.stop()
        worker = try spawn()
        isReused = false
      default:
        throw self.error(
          for: failure, of: worker, limits: limits, caps: caps, processorTime: processorTime,
          name: name)
      }
    }
  }

  /// The error a request's `failure` on `worker` is, the worker stopped: one stopped at a
  /// limit is reaped off this path, which has an answer to give.
  private func error(
    for failure: WorkerChannel.Failure, of worker: WorkerProcess, limits: RenderLimits,
    caps: WorkerCaps, processorTime: Duration?, name: String
  ) -> RenderError {
    switch failure {
    case .deadlinePassed:
      worker.discard(reapingOn: reaper)
      return .deadlineExceeded(engine: name, seconds: limits.deadlineSeconds)
    case .processorTimeExceeded:
      worker.discard(reapingOn: reaper)
      return .deadlineExceeded(engine: name, seconds: processorTime?.inSeconds ?? 0)
    case .memoryExceeded(let bytes):
      worker.discard(reapingOn: reaper)
      return .limitExceeded(
        limit: RenderLimits.memoryLimitName, value: bytes, maximum: caps.memoryBytes)
    case .oversized(let bytes) where bytes > caps.outputBytes:
      worker.discard(reapingOn: reaper)
      return .limitExceeded(
        limit: RenderLimits.outputLimitName, value: bytes, maximum: caps.outputBytes)
    case .closed, .closedBeforeRequest, .oversized:
      // One that ended on its own is waited for: how it ended is what the error says.
      return .engineCrashed(engine: name, detail: "its worker process \(worker.stop())")
    }
  }

  /// The most bytes a run of requests (``answers(_:limits:name:)``) holds, heads and inputs:
  /// all of a run is sent before any answer is read, so it must fit in the socket's buffer
  /// (Linux gives 208 KiB, messages' bookkeeping included), or the host would wait to send
  /// while the worker waits to answer.
  static let maximumRunBytes = 64 * 1024
  /// The most requests a run holds: the buffer also pays for each message's bookkeeping.
  static let maximumRunRequests = 16

  /// The answer to each of `requests`, in their order, as ``answer(_:limits:name:)`` gives
  /// it; a request that fails has its error in its place.
  ///
  /// Requests small enough go to one worker in runs, all of a run sent before its answers are
  /// read, which the worker gives in turn: a run of small documents pays for one hand-over
  /// each way, not one per document. Each request is still held to its own caps (the worker
  /// applies each request's before reading its input), and to its own deadline and processor
  /// time, counted from the answer before it, when the worker takes it up. A request that
  /// fails them gets the error it gets alone, its worker is stopped, and the requests after it
  /// go to another worker.
  func answers(
    _ requests: [WorkerRequest], limits: RenderLimits, name: String
  ) -> [Result<WorkerResponse, RenderError>] {
    var results: [Result<WorkerResponse, RenderError>] = []
    results.reserveCapacity(requests.count)
    let encoded = requests.map { $0.encoded() }
    let sizes = zip(requests, encoded).map { request, encoded in
      Self.runSize(of: request, head: encoded.head)
    }
    while results.count < requests.count {
      let first = results.count
      var end = first + 1
      var bytes = sizes[first] ?? Self.maximumRunBytes
      while end < requests.count, end - first < Self.maximumRunRequests, let size = sizes[end],
        bytes + size <= Self.maximumRunBytes
      {
        bytes += size
        end += 1
      }
      guard end - first > 1 else {
        results.append(
          Result { () throws(RenderError) in
            try answer(requests[first], limits: limits, name: name)
          })
        continue
      }
      results += answerRun(
        requests[first..<end], encoded: encoded[first..<end], limits: limits, name: name)
    }
    return results
  }

  /// The bytes `request` takes in a run; nil when it may not go in one: its input is a file
  /// passed as a descriptor, or its output is written to one, rather than in the messages.
  private static func runSize(of request: WorkerRequest, head: [UInt8]) -> Int? {
    guard request.destination == nil else { return nil }
    if case .file = request.input { return nil }
    return head.count + request.input.count
  }

  /// The answers to the first requests of `run`, at least one: all when the worker gives
  /// them, else up to the one that failed, which has its error.
  private func answerRun(
    _ run: ArraySlice<WorkerRequest>, encoded: ArraySlice<WorkerRequest.Encoded>,
    limits: RenderLimits, name: String
  ) -> [Result<WorkerResponse, RenderError>] {
    let caps = run.map { WorkerCaps(limits: limits, inputBytes: $0.input.count) }
    let processorTimes = run.map { limits.processorTime(forInputBytes: $0.input.count) }
    var worker: WorkerProcess
    var isReused: Bool
    do throws(RenderError) {
      (worker, isReused) = try checkOut()
    } catch {
      return [.failure(error)]
    }
    var answers: [Result<WorkerResponse, RenderError>] = []
    while true {
      var start = ContinuousClock.now
      var sent = 0
      var sendFailure: WorkerChannel.Failure?
      for (index, request) in encoded.enumerated() {
        do throws(WorkerChannel.Failure) {
          try worker.send(
            request, caps: caps[index], before: start.advanced(by: limits.deadline))
          sent += 1
        } catch {
          sendFailure = error
          break
        }
      }
      var failure = sendFailure
      var failedAt = sent
      for index in 0..<sent {
        let processorLimit = worker.processorLimit(processorTimes[index])
        do throws(WorkerChannel.Failure) {
          let answer = try worker.receive(
            caps: caps[index], before: start.advanced(by: limits.deadline),
            processorLimit: processorLimit,
            nearingEnd: (Self.spareLead(deadline: limits.deadline), startSpare))
          answers.append(
            .success(
              WorkerResponse(taking: answer)
                ?? .failure("the worker sent an unreadable answer; rebuild the worker")))
          start = .now
        } catch {
          failure = error
          failedAt = index
          break
        }
      }
      guard let failure else {
        checkIn(worker)
        return answers
      }
      var foundDead: Bool {
        switch failure {
        case .closed, .closedBeforeRequest: true
        default: false
        }
      }
      if answers.isEmpty, isReused, foundDead {
        // A reused worker found dead says nothing about these inputs: once more, on a new one.
        worker.stop()
        do throws(RenderError) {
          worker = try spawn()
        } catch {
          return [.failure(error)]
        }
        isReused = false
        continue
      }
      if failedAt < sent || answers.isEmpty {
        let index = min(failedAt, run.count - 1)
        answers.append(
          .failure(
            error(
              for: failure, of: worker, limits: limits, caps: caps[index],
              processorTime: processorTimes[index], name: name)))
      } else {
        worker.stop()
      }
      return answers
    }
  }

  /// Runs `work` (which waits for a worker) on a waiter thread and suspends the caller until
  /// it is done.
  static func suspending<Value: Sendable>(
    _ work: @escaping @Sendable () throws(RenderError) -> Value
  ) async throws(RenderError) -> Value {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, RenderError>, Never>) in
      // Not Swift's cooperative pool, which must never block, and not a concurrent queue:
      // those share dispatch's width-limited pool, which adds threads for blocked ones only
      // slowly, so short renders queue behind long waits. A serial queue per wait runs on
      // dispatch's overcommitting pool, which starts a thread whenever none is free.
      DispatchQueue(label: "RenderKit.WorkerPool.waiter").async {
        do throws(RenderError) {
          continuation.resume(returning: .success(try work()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// The process identifiers of the idle workers.
  var idleProcessIDs: [pid_t] { lock.withLock { idle.map(\.processID) } }

  /// The process identifier of the spare worker, if one was started and not taken.
  var spareProcessID: pid_t? { lock.withLock { spare?.processID } }

  /// Waits until every worker killed so far has been reaped.
  func finishReaping() { reaper.sync {} }

  deinit {
    for worker in idle { worker.stop() }
    spare?.stop()
    finishReaping()
  }
}
