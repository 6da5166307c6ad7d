import Dispatch
import Foundation
import RenderCore

/// Runs a built-in engine in a worker process, so that no input can crash, hang or exhaust
/// the host: the worker is killed when ``RenderLimits/deadline`` passes or its memory passes
/// the cap, output beyond the cap is refused, and a crash there is reported as an error while
/// the host carries on.
///
/// The worker is this program itself when it called ``WorkerService/runIfRequested()``, else
/// `render-worker` (see ``init(engineID:limits:workerExecutable:)``). When there is neither,
/// the first render throws an error saying what to do; nothing falls back to in-process.
///
/// Workers are started on first use and kept for reuse (a few, one per concurrent caller), so an
/// ordinary render costs one message round trip more than in-process. The descriptor is the
/// wrapped engine's, marked safe on hostile input and parallel.
///
/// ```swift
/// let discount = try IsolatedEngine(engineID: "discount", limits: RenderLimits(deadline: .seconds(5)))
/// do {
///   let fragment = try discount.render(hostileText, options: RenderOptions())
/// } catch .deadlineExceeded(let engine, let seconds) {
///   print("\(engine) gave up after \(seconds) s")  // the host is unharmed
/// }
/// ```
public struct IsolatedEngine: MarkdownEngine, SuspendingMarkdownEngine {
  /// The wrapped engine's descriptor, marked safe on hostile input and parallel.
  public let descriptor: EngineDescriptor
  /// The limits every render is held to.
  public let limits: RenderLimits
  let pool: WorkerPool

  /// The threads that wait for workers on behalf of suspended tasks: not Swift's cooperative
  /// pool, which must never block. One thread per waiting render, reused afterwards.
  private static let waiters = DispatchQueue(
    label: "RenderKit.IsolatedEngine.waiters", attributes: .concurrent)

  /// Isolates the built-in engine `engineID`.
  ///
  /// `workerExecutable` is the worker's path; nil uses `RENDER_WORKER_PATH`, else this program
  /// when it called ``WorkerService/runIfRequested()``, else `render-worker` next to it. Throws
  /// ``RenderError/unknownEngine(_:available:)`` for an engine the worker does not have; a
  /// missing worker is reported by the first render, as
  /// ``RenderError/engineFailed(engine:detail:)`` saying what to do.
  public init(
    engineID: String, limits: RenderLimits = RenderLimits(), workerExecutable: String? = nil
  ) throws(RenderError) {
    var descriptor = try EngineRegistry.builtIn.engine(id: engineID).descriptor
    descriptor.isSafeOnHostileInput = true
    descriptor.concurrency = .parallel
    self.descriptor = descriptor
    self.limits = limits
    let executable: Result<String, RenderError>
    do {
      executable = .success(try WorkerExecutable.locate(configured: workerExecutable))
    } catch {
      executable = .failure(error)
    }
    pool = WorkerPool(executable: executable)
  }

  /// Starts a worker now and keeps it idle, so that the next render finds one ready
  /// (what renderbench uses to time a warm worker's first call).
  package func startWorker() throws(RenderError) {
    pool.checkIn(try pool.spawn())
  }

  /// Renders `markdown` in a worker; see ``RenderCore/MarkdownEngine/render(_:options:)``.
  ///
  /// Throws ``RenderError/limitExceeded(limit:value:maximum:)`` for input, output or memory
  /// beyond the limits, ``RenderError/deadlineExceeded(engine:seconds:)`` when the deadline
  /// passes, and ``RenderError/engineCrashed(engine:detail:)`` when the worker dies.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try fragment(from: run(.html, markdown, options: options))
  }

  /// Builds the document in the worker (for an engine without a node tree, its HTML is
  /// imported there with ``HTMLImporter``, so `importer` is not used) and decodes it here.
  public func document(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try document(from: run(.document, markdown, options: options))
  }

  /// ``render(_:options:)`` that suspends the calling task while the worker works.
  package func suspendingRender(
    _ markdown: String, options: RenderOptions
  ) async throws(RenderError) -> HTMLFragment {
    try fragment(from: await suspending { () throws(RenderError) in
      try run(.html, markdown, options: options)
    })
  }

  /// ``document(_:options:importer:)`` that suspends the calling task while the worker works.
  package func suspendingDocument(
    _ markdown: String, options: RenderOptions
  ) async throws(RenderError) -> Document {
    try document(from: await suspending { () throws(RenderError) in
      try run(.document, markdown, options: options)
    })
  }

  private func fragment(from response: WorkerResponse) throws(RenderError) -> HTMLFragment {
    guard case .html(let html) = response else { throw unexpected(response) }
    return HTMLFragment(html: html, engineID: descriptor.id)
  }

  private func document(from response: WorkerResponse) throws(RenderError) -> Document {
    guard case .document(let bytes) = response else { throw unexpected(response) }
    guard let document = DocumentEncoding.decode(bytes) else {
      throw .engineFailed(
        engine: descriptor.id, detail: "the worker sent an unreadable document; rebuild the worker")
    }
    return document
  }

  private func unexpected(_ response: WorkerResponse) -> RenderError {
    switch response {
    case .failure(let message): .engineFailed(engine: descriptor.id, detail: message)
    case .limitExceeded(let limit, let value, let maximum):
      .limitExceeded(limit: limit, value: value, maximum: maximum)
    case .html, .document:
      .engineFailed(
        engine: descriptor.id, detail: "the worker sent an answer of the wrong kind; rebuild it")
    }
  }

  /// Runs `work` on a waiter thread and suspends the caller until it is done.
  private func suspending(
    _ work: @escaping @Sendable () throws(RenderError) -> WorkerResponse
  ) async throws(RenderError) -> WorkerResponse {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<WorkerResponse, RenderError>, Never>) in
      Self.waiters.async {
        do throws(RenderError) {
          continuation.resume(returning: .success(try work()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// Checks the request in the host, then makes one round trip.
  private func run(
    _ product: WorkerRequest.Product, _ markdown: String, options: RenderOptions
  ) throws(RenderError) -> WorkerResponse {
    try checkSupport(of: options, in: EngineRegistry.builtIn)
    try limits.checkInput(markdown)
    let deadline = ContinuousClock.now.advanced(by: limits.deadline)
    let request = WorkerRequest(
      product: product, engineID: descriptor.id, options: options, markdown: markdown)
    let caps = WorkerCaps(limits: limits, inputBytes: markdown.utf8.count)
    let answer = try exchange(request.encoded(), caps: caps, before: deadline)
    guard let response = WorkerResponse(decoding: answer) else {
      throw .engineFailed(
        engine: descriptor.id, detail: "the worker sent an unreadable answer; rebuild the worker")
    }
    return response
  }

  /// One round trip; a reused worker that turns out dead is replaced once, since its death
  /// (say, killed from outside while idle) says nothing about this input.
  private func exchange(
    _ request: [UInt8], caps: WorkerCaps, before deadline: ContinuousClock.Instant
  ) throws(RenderError) -> [UInt8] {
    var (worker, isReused) = try pool.checkOut()
    while true {
      let failure: WorkerChannel.Failure
      do {
        let answer = try worker.exchange(request, caps: caps, before: deadline)
        pool.checkIn(worker)
        return answer
      } catch {
        failure = error
      }
      let ending = worker.stop()
      switch failure {
      case .closed where isReused:
        worker = try pool.spawn()
        isReused = false
      case .deadlinePassed:
        throw .deadlineExceeded(engine: descriptor.id, seconds: limits.deadlineSeconds)
      case .memoryExceeded(let bytes):
        throw .limitExceeded(
          limit: RenderLimits.memoryLimitName, value: bytes, maximum: caps.memoryBytes)
      case .oversized(let bytes) where bytes > caps.outputBytes:
        throw .limitExceeded(
          limit: RenderLimits.outputLimitName, value: bytes, maximum: caps.outputBytes)
      case .closed, .oversized:
        throw .engineCrashed(engine: descriptor.id, detail: "its worker process \(ending)")
      }
    }
  }
}
