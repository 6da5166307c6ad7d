import HTMLImport
import RenderCore

extension Renderer {
  /// Creates a renderer over the built-in engines (``EngineRegistry/builtIn``: cmark-gfm, the
  /// default, cmark, Discount and md4c) with the configured HTML importer
  /// (``RenderConfiguration/importer``, default `html5`), contained as the configuration says.
  ///
  /// Every engine is held to ``RenderConfiguration/limits``. With ``RenderConfiguration/isolation``
  /// nil (automatic) or `.process`, every built-in engine runs in a worker process held to the
  /// deadline and the memory and output caps: this program itself when it called
  /// ``WorkerService/runIfRequested(prestartingWorker:)`` first in `main`, else `render-worker` (next to the
  /// program, or at `RENDER_WORKER_PATH`). With neither, the first render throws an error
  /// saying what to do; there is no silent fallback. `.inProcess` runs every engine in the
  /// host without a deadline or memory cap: only for input the app trusts. HTML import (with the
  /// configured importer) and the sanitizer (libxml2) are contained the same way
  /// (``IsolatedHTMLImporter``, ``IsolatedHTMLSanitizer``); the cascade and styled text run in the host, over the
  /// document the worker built, with the app's own stylesheet.
  ///
  /// `passes` run on every document after the built-in anchors (see ``DocumentPass``).
  ///
  /// ```swift
  /// let renderer = try Renderer(configuration: .resolve())
  /// ```
  public init(
    configuration: RenderConfiguration = RenderConfiguration(), passes: [any DocumentPass] = []
  ) throws(RenderError) {
    let registry = try EngineRegistry.builtIn.contained(
      limits: configuration.limits, isolation: configuration.isolation)
    // HTML import and the sanitizer parse untrusted bytes too: contained alike, the worker
    // importing with the configured importer. It is checked either way, so a wrong name fails
    // at once.
    let importer = try ImporterRegistry.builtIn.importer(id: configuration.importer)
    if configuration.isolation == .inProcess {
      try self.init(
        configuration: configuration, registry: registry,
        importer: importer, sanitizer: HTMLSanitizer(), passes: passes)
    } else {
      try self.init(
        configuration: configuration, registry: registry,
        importer: IsolatedHTMLImporter(
          limits: configuration.limits, importerID: configuration.importer),
        sanitizer: IsolatedHTMLSanitizer(limits: configuration.limits), passes: passes)
    }
  }
}
