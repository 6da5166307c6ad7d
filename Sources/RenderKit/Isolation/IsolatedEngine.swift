import Foundation
import RenderCore

/// Runs a built-in engine in a `render-worker` process, so that no input can crash or hang
/// the host: the worker is killed when ``RenderLimits/deadline`` passes, and a crash there is
/// reported as an error while the host carries on.
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
public struct IsolatedEngine: MarkdownEngine {
  /// The wrapped engine's descriptor, marked safe on hostile input and parallel.
  public let descriptor: EngineDescriptor
  /// The limits every render is held to.
  public let limits: RenderLimits
  let pool: WorkerPool

  /// Isolates the built-in engine `engineID`.
  ///
  /// `workerExecutable` is the path of `render-worker`; nil finds it from `RENDER_WORKER_PATH`
  /// or next to the running executable. Throws ``RenderError/unknownEngine(_:available:)`` for an
  /// engine the worker does not have, and ``RenderError/engineFailed(engine:detail:)`` when no
  /// worker executable is found.
  public init(
    engineID: String, limits: RenderLimits = RenderLimits(), workerExecutable: String? = nil
  ) throws(RenderError) {
    var descriptor = try EngineRegistry.builtIn.engine(id: engineID).descriptor
    descriptor.isSafeOnHostileInput = true
    descriptor.concurrency = .parallel
    self.descriptor = descriptor
    self.limits = limits
    pool = WorkerPool(executable: try WorkerExecutable.locate(configured: workerExecutable))
  }

  /// Renders `markdown` in a worker; see ``RenderCore/MarkdownEngine/render(_:options:)``.
  ///
  /// Throws ``RenderError/limitExceeded(limit:value:maximum:)`` for input beyond the limit,
  /// ``RenderError/deadlineExceeded(engine:seconds:)`` when the deadline passes, and
  /// ``RenderError/engineCrashed(engine:detail:)`` when the worker dies.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try checkSupport(of: options, in: EngineRegistry.builtIn)
    try limits.checkInput(markdown)
    let deadline = ContinuousClock.now.advanced(by: limits.deadline)
    let request = WorkerRequest(engineID: descriptor.id, options: options, markdown: markdown)
    let answer = try exchange(request.encoded(), before: deadline)
    switch WorkerResponse(decoding: answer) {
    case .html(let html): return HTMLFragment(html: html, engineID: descriptor.id)
    case .failure(let message): throw .engineFailed(engine: descriptor.id, detail: message)
    case nil:
      throw .engineFailed(
        engine: descriptor.id, detail: "the worker sent an unreadable answer; rebuild render-worker"
      )
    }
  }

  /// One round trip; a reused worker that turns out dead is replaced once, since its death
  /// (say, killed from outside while idle) says nothing about this input.
  private func exchange(
    _ request: [UInt8], before deadline: ContinuousClock.Instant
  ) throws(RenderError) -> [UInt8] {
    var (worker, isReused) = try pool.checkOut()
    while true {
      let failure: WorkerChannel.Failure
      do {
        let answer = try worker.exchange(request, before: deadline)
        pool.checkIn(worker)
        return answer
      } catch {
        failure = error
      }
      let ending = worker.stop()
      switch failure {
      case .closed where isReused:
        worker = try WorkerProcess.spawn(executable: pool.executable)
        isReused = false
      case .deadlinePassed:
        throw .deadlineExceeded(engine: descriptor.id, seconds: limits.deadlineSeconds)
      case .closed, .oversized:
        throw .engineCrashed(engine: descriptor.id, detail: "its worker process \(ending)")
      }
    }
  }
}
