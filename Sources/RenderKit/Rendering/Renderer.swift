import Foundation
import RenderCore
import RenderStyling
import RenderTerminal
import RenderText

/// Renders Markdown with the configured engine, options and stylesheet: the one entry
/// point apps need, to HTML, to a page, or to styled text.
///
/// ```swift
/// import RenderKit
///
/// let renderer = try Renderer(configuration: .resolve())   // render.json / RENDER_ENGINE
/// let fragment = try renderer.html(.markdown("# Hello *world*"))
/// let page = try renderer.page(.markdown(text), fileName: "notes.md")
/// let styled = try renderer.styledText(.markdown(text))
/// let terminal = try renderer.run(RenderJob(.markdown(text), to: .terminal(TerminalRenderer())))
/// ```
///
/// A renderer is a value: share it freely between tasks.
public struct Renderer: Sendable {
  /// The configuration in force.
  public let configuration: RenderConfiguration
  /// The engines it can choose from.
  public let registry: EngineRegistry
  /// The configured engine.
  public let engine: any MarkdownEngine
  /// The options every render uses: the configuration's, with its profile's extensions that
  /// the engine has.
  public let options: RenderOptions
  /// The stylesheet for pages and styled text: the configured file, else the default theme
  /// (parsed on first use, so that a renderer asked only for HTML fragments never parses it).
  public var stylesheet: Stylesheet { configuredStylesheet ?? .default }
  private let configuredStylesheet: Stylesheet?
  /// Turns HTML into a document for styled text; nil when none was given.
  public let importer: (any HTMLImporting)?
  /// Applies the allowlist when ``RenderConfiguration/sanitize`` is set.
  public let sanitizer: (any HTMLSanitizing)?
  /// The document passes every render runs, in order: the document extensions' (`MathPass`,
  /// ``AlertsPass``, `HighlightPass`, ``HeadingAnchorsPass``, ``UserContentPass``),
  /// ``TaskListPass``, the app's, then ``TitlePass``.
  public internal(set) var passes: [any DocumentPass]

  /// The passes every renderer has, the app's going before the last (the title's); a worker
  /// has them too.
  static let builtInPasses: [any DocumentPass] =
    DocumentExtension.all.map(\.pass) + [TaskListPass(), TitlePass()]

  /// Whether `pass` is one of ``builtInPasses``, which a worker can run: the one rule of
  /// whether a worker may finish a render (fragment, terminal output, HTML's text) itself;
  /// an app's pass runs in this process, on the document the worker sends.
  static func isBuiltIn(_ pass: any DocumentPass) -> Bool {
    builtInPasses.contains { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(type(of: pass)) }
  }

  /// Creates a renderer; throws when the configuration names an unknown engine, asks for a
  /// feature the engine lacks (the message names the engines that have it), names a
  /// stylesheet that cannot be read, or asks to sanitize without a sanitizer. `passes` run
  /// after the built-in anchors and before the title (see ``DocumentPass``).
  public init(
    configuration: RenderConfiguration = RenderConfiguration(), registry: EngineRegistry,
    importer: (any HTMLImporting)?, sanitizer: (any HTMLSanitizing)? = nil,
    passes: [any DocumentPass] = []
  ) throws(RenderError) {
    try configuration.validate(against: registry)
    if configuration.sanitize && sanitizer == nil {
      throw .invalidConfiguration(
        source: "sanitize", key: nil,
        problem:
          "no sanitizer was given; create the renderer with RenderKit's Renderer(configuration:)")
    }
    self.configuration = configuration
    self.registry = registry
    self.engine = try registry.engine(id: configuration.engine)
    self.options = configuration.options(for: engine.descriptor)
    self.importer = importer
    self.sanitizer = sanitizer
    self.passes = Self.builtInPasses.dropLast() + passes + Self.builtInPasses.suffix(1)
    if let css = configuration.stylesheetCSS {
      self.configuredStylesheet = try Stylesheet(css: css)
    } else {
      self.configuredStylesheet = try configuration.stylesheet.map { path throws(RenderError) in
        try Self.loadStylesheet(path, maximumBytes: configuration.limits.maximumInputBytes)
      }
    }
  }

  /// Runs `job`: the one pipeline every render goes through (``RenderJob``).
  ///
  /// ```swift
  /// let json = try renderer.run(RenderJob(.markdown(text), to: .json)).utf8
  /// ```
  public func run(_ job: RenderJob) throws(RenderError) -> RenderResult {
    try RenderPipeline(self).run(job)
  }

  /// Each of `jobs` run as ``run(_:)`` runs it, or why it failed, in their order. Plain
  /// text, JSON and terminal output of HTML that the importer's worker makes whole go to that
  /// worker in runs, each job still under its own limits: many small documents then pay for
  /// few hand-overs between the processes, not one each.
  package func run(_ jobs: [RenderJob]) -> [Result<RenderResult, RenderError>] {
    RenderPipeline(self).run(jobs)
  }

  /// ``run(_:)`` for async callers: an engine in a worker process suspends the task while it
  /// works, so waiting never blocks a thread of the cooperative pool.
  ///
  /// ```swift
  /// let page = try await renderer.run(RenderJob(.markdown(text), to: .page())).page
  /// ```
  public func run(_ job: RenderJob) async throws(RenderError) -> RenderResult {
    // The whole pipeline (front matter, engine, passes, writing) runs on a waiter thread,
    // outside the cooperative pool, so a worker's deadline holds no thread of it.
    try await WorkerPool.suspending { () throws(RenderError) in try run(job) }
  }

  /// An HTML fragment of `source`: for Markdown the engine's own HTML (sanitized when the
  /// configuration says so), or, when a document pass is active (heading anchors, a table of
  /// contents, an app's pass), the document serialised; for HTML, the HTML sanitized unless
  /// ``RenderOptions/unsafe`` is set (and then still when ``RenderConfiguration/sanitize`` is).
  ///
  /// ```swift
  /// let fragment = try renderer.html(.markdown("# Hello *world*"))
  /// let fromFile = try renderer.html(.markdown(utf8: try Data(contentsOf: url)))
  /// ```
  public func html(_ source: RenderJob.Source) throws(RenderError) -> HTMLFragment {
    try run(RenderJob(source, to: .fragment)).fragment!
  }

  /// A standalone HTML page of `source` with the stylesheet embedded, the configured language
  /// and base URL; titled by its front matter's `title` (HTML: its `<title>`), else the
  /// configured title, else its first heading's text, else `fileName`. A whole HTML document's
  /// body content becomes the page's: it is not nested, `head` and all, inside `<main>`.
  ///
  /// ```swift
  /// let page = try renderer.page(.markdown(text), fileName: "notes.md")
  /// ```
  public func page(_ source: RenderJob.Source, fileName: String? = nil) throws(RenderError)
    -> HTMLPage
  {
    try run(RenderJob(source, to: .page(fileName: fileName))).page!
  }

  /// The ``Document`` of `source` after the document passes: for Markdown, the engine's
  /// (built from its node tree where it has one) with the front matter in
  /// ``Document/metadata``; for HTML, the importer's.
  ///
  /// ```swift
  /// let document = try renderer.document(.markdown("---\ntitle: Notes\n---\n# Hi\n"))
  /// document.metadata["title"]  // .string("Notes")
  /// ```
  public func document(_ source: RenderJob.Source) throws(RenderError) -> Document {
    try run(RenderJob(source, to: .document)).document!
  }

  /// Styled text of `source`: its ``document(_:)`` styled by the stylesheet in the configured
  /// colour scheme (HTML: then by its `<style>` elements). With
  /// ``RenderConfiguration/sanitize`` set, Markdown's HTML is sanitized and imported instead,
  /// so that styled text shows exactly what the sanitized page shows.
  ///
  /// ```swift
  /// let styled = try renderer.styledText(.html("<p>Hello <b>world</b></p>"))
  /// let attributed = AttributedString(styled)
  /// ```
  public func styledText(_ source: RenderJob.Source) throws(RenderError) -> StyledText {
    try run(RenderJob(source, to: .styledText)).styledText!
  }

  /// Wraps an HTML fragment (from any source) in a page with the stylesheet embedded, and
  /// the configured title, language and base URL.
  public func page(fragment: HTMLFragment, fileName: String? = nil) -> HTMLPage {
    HTMLPage(
      fragment: fragment, stylesheet: stylesheet, title: configuration.title, fileName: fileName,
      language: configuration.language, baseURL: configuration.baseURL,
      colorScheme: configuration.pageColorScheme)
  }

  package func requireImporter() throws(RenderError) -> any HTMLImporting {
    guard let importer else {
      throw .importFailed(
        "this renderer has no HTML importer; create it with RenderKit's Renderer(configuration:)")
    }
    return importer
  }

  /// `fragment` through the sanitizer, whatever the configuration says (HTML input is
  /// sanitized unless ``RenderOptions/unsafe`` is set).
  package func sanitizedAlways(_ fragment: HTMLFragment) throws(RenderError) -> HTMLFragment {
    guard let sanitizer else {
      throw .invalidConfiguration(
        source: "unsafe", key: nil,
        problem:
          "HTML input is sanitized unless unsafe is set, and this renderer has no sanitizer; "
          + "create it with RenderKit's Renderer(configuration:), or set unsafe for trusted HTML")
    }
    return HTMLFragment(
      html: try sanitizer.sanitize(html: fragment.html), engineID: fragment.engineID)
  }

  private static func loadStylesheet(_ path: String, maximumBytes: Int) throws(RenderError)
    -> Stylesheet
  {
    try Stylesheet(css: stylesheetText(path: path, maximumBytes: maximumBytes))
  }

  /// The text of the stylesheet file at `path`, read through ``LimitedInput``; a file that
  /// cannot be read is an error that says it is the stylesheet (for the renderer and for
  /// the live preview, which reads it again on every save).
  package static func stylesheetText(path: String, maximumBytes: Int) throws(RenderError)
    -> String
  {
    do {
      return MarkdownInput.decode(try LimitedInput.read(path: path, maximumBytes: maximumBytes))
    } catch .fileUnreadable(let path, let reason) {
      throw .fileUnreadable(path: path, reason: "the stylesheet cannot be read (\(reason))")
    }
  }
}
