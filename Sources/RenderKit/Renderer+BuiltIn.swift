import HTMLImport
import RenderCore

extension Renderer {
  /// Creates a renderer over the built-in engines (cmark, Discount) with the configured HTML
  /// importer (``RenderConfiguration/importer``, default `html5`),
  /// contained as the configuration says.
  ///
  /// Every engine is held to ``RenderConfiguration/limits``. With ``RenderConfiguration/isolation``
  /// nil (automatic), engines that are not safe on hostile input run in a `render-worker`
  /// process with the deadline when that executable is found (next to the program, or at
  /// `RENDER_WORKER_PATH`), and in-process on a large stack otherwise; `.process` requires
  /// the worker, `.inProcess` never uses it.
  ///
  /// ```swift
  /// let renderer = try Renderer(configuration: .resolve())
  /// ```
  public init(configuration: RenderConfiguration = RenderConfiguration()) throws(RenderError) {
    var isolation = configuration.isolation
    if isolation == nil, (try? WorkerExecutable.locate(configured: nil)) == nil {
      isolation = .inProcess
    }
    let registry = try EngineRegistry.builtIn.contained(
      limits: configuration.limits, isolation: isolation)
    try self.init(
      configuration: configuration, registry: registry,
      importer: ImporterRegistry.builtIn.importer(id: configuration.importer),
      sanitizer: HTMLSanitizer())
  }
}
