import Foundation
import RenderCore

/// Runs a built-in engine in a worker process, so that no input can crash, hang or exhaust
/// the host: the worker is killed when ``RenderLimits/deadline`` passes or its memory passes
/// the cap, output beyond the cap is refused, and a crash there is reported as an error while
/// the host carries on.
///
/// The worker is this program itself when it called ``WorkerService/runIfRequested(prestartingWorker:)``, else
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
public struct IsolatedEngine: MarkdownEngine, SuspendingMarkdownEngine, UTF8MarkdownEngine {
  /// The wrapped engine's descriptor, marked safe on hostile input and parallel.
  public let descriptor: EngineDescriptor
  /// The limits every render is held to.
  public let limits: RenderLimits
  let pool: WorkerPool

  /// Isolates the built-in engine `engineID`.
  ///
  /// `workerExecutable` is the worker's path; nil uses `RENDER_WORKER_PATH`, else this program
  /// when it called ``WorkerService/runIfRequested(prestartingWorker:)``, else `render-worker` next to it. Throws
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
    pool = WorkerPool(locating: workerExecutable, warming: engineID)
  }

  /// Starts a worker now and keeps it idle, so that the next render finds one ready
  /// (what renderbench uses to time a warm worker's first call).
  package func startWorker() throws(RenderError) {
    pool.checkIn(try pool.spawn())
  }

  /// Renders `markdown` in a worker; see ``MarkdownEngine/render(_:options:)``.
  ///
  /// Throws ``RenderError/limitExceeded(limit:value:maximum:)`` for input, output or memory
  /// beyond the limits, ``RenderError/deadlineExceeded(engine:seconds:)`` when the deadline
  /// passes, and ``RenderError/engineCrashed(engine:detail:)`` when the worker dies.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try run(.text(markdown), to: .fragment, options: options).html(name: descriptor.id)
  }

  /// Renders the UTF-8 `markdown` in a worker, which decodes it (the host does not); see
  /// ``render(_:options:)``.
  package func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    try run(.bytes(markdown), to: .fragment, options: options).html(name: descriptor.id)
  }

  /// Builds the document in the worker and decodes it here. HTML the engine needs imported
  /// (all of it, for an engine without a node tree) is imported there by the built-in
  /// importer `importer` stands for: an ``IsolatedHTMLImporter``'s own, or the built-in
  /// importer of its type (``RenderError/invalidConfiguration(source:key:problem:)`` for any
  /// other, which the worker does not have).
  public func document(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try run(.text(markdown), to: .document, options: options, importer: importer)
      .document(name: descriptor.id)
  }

  /// Builds the document of the UTF-8 `markdown` in a worker, which decodes it (the host
  /// does not); see ``document(_:options:importer:)``.
  package func document(
    utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try run(.bytes(markdown), to: .document, options: options, importer: importer)
      .document(name: descriptor.id)
  }

  /// ``render(_:options:)`` that suspends the calling task while the worker works.
  package func suspendingRender(
    _ markdown: String, options: RenderOptions
  ) async throws(RenderError) -> HTMLFragment {
    try await WorkerPool.suspending { () throws(RenderError) in
      try run(.text(markdown), to: .fragment, options: options)
    }.html(name: descriptor.id)
  }

  /// ``document(_:options:importer:)`` that suspends the calling task while the worker works.
  package func suspendingDocument(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) async throws(RenderError) -> Document {
    try await WorkerPool.suspending { () throws(RenderError) in
      try run(.text(markdown), to: .document, options: options, importer: importer)
    }.document(name: descriptor.id)
  }

  /// Makes `output` of the Markdown file `file` in a worker, which reads the file itself: the
  /// host neither reads nor sends its megabytes; otherwise as
  /// ``run(markdown:to:options:importer:passes:writingTo:maximumInputBytes:)``.
  func run(
    markdownFile file: InputFile, to output: WorkerRequest.Output, options: RenderOptions,
    importer: (any HTMLImporting)? = nil, passes: [any DocumentPass] = [],
    writingTo destination: OutputFile? = nil
  ) throws(RenderError) -> RenderResult {
    try run(
      markdown: .file(descriptor: file.descriptor, byteCount: file.regularFileBytes ?? 0),
      to: output, options: options, importer: importer, passes: passes, writingTo: destination,
      maximumInputBytes: file.maximumBytes)
  }

  /// Makes `output` of `markdown` in a worker by the whole pipeline. Any HTML is imported as
  /// ``document(_:options:importer:)`` imports it (nil `importer`: the registry's default);
  /// `passes`, built-in passes of the renderer, run there too (the document made for the host
  /// is otherwise the engine's).
  ///
  /// With `destination` (a regular file or `/dev/null`, where a write never waits for a
  /// reader: the deadline covers the reading and the writing), the worker writes the fragment
  /// or terminal output there itself and the result is ``RenderResult/written``. A worker that
  /// fails partway may leave part of it written, as any writer that fails partway does.
  func run(
    markdown: WorkerRequest.Input, to output: WorkerRequest.Output, options: RenderOptions,
    importer: (any HTMLImporting)? = nil, passes: [any DocumentPass] = [],
    writingTo destination: OutputFile? = nil, maximumInputBytes: Int? = nil
  ) throws(RenderError) -> RenderResult {
    let response = try run(
      markdown, to: output, options: options, importer: importer, passIDs: passes.map(\.id),
      destination: destination?.descriptor, maximumInputBytes: maximumInputBytes)
    if let destination {
      _ = try response.writtenCount(name: descriptor.id, output: destination)
      return .written
    }
    return switch output {
    case .fragment: .fragment(try response.html(name: descriptor.id))
    case .document: .document(try response.document(name: descriptor.id))
    case .terminal, .plainText, .json: .bytes(try response.bytes(name: descriptor.id))
    }
  }

  /// Checks the request in the host, then makes one round trip; the request names the
  /// built-in importer `importer` stands for (the registry's default for nil).
  private func run(
    _ markdown: WorkerRequest.Input, to output: WorkerRequest.Output, options: RenderOptions,
    importer: (any HTMLImporting)? = nil, passIDs: [String] = [], destination: Int32? = nil,
    maximumInputBytes: Int? = nil
  ) throws(RenderError) -> WorkerResponse {
    try checkSupport(of: options, in: EngineRegistry.builtIn)
    try limits.checkInput(byteCount: markdown.count)
    var importerID = ImporterRegistry.builtIn.defaultID
    if let importer { importerID = try IsolatedHTMLImporter.builtInID(standingFor: importer) }
    let request = WorkerRequest(
      .markdown, to: output, engineID: descriptor.id, importerID: importerID, options: options,
      passIDs: passIDs, input: markdown, destination: destination,
      maximumInputBytes: min(maximumInputBytes ?? Int.max, limits.maximumInputBytes))
    return try pool.answer(request, limits: limits, name: descriptor.id)
  }
}
