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
/// let fragment = try renderer.html(markdown: "# Hello *world*")
/// let page = try renderer.page(markdown: text, fileName: "notes.md")
/// let styled = try renderer.styledText(markdown: text)
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

  /// Creates a renderer; throws when the configuration names an unknown engine, asks for a
  /// feature the engine lacks (the message names the engines that have it), names a
  /// stylesheet that cannot be read, or asks to sanitize without a sanitizer.
  public init(
    configuration: RenderConfiguration = RenderConfiguration(), registry: EngineRegistry,
    importer: (any HTMLImporting)?, sanitizer: (any HTMLSanitizing)? = nil
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
    if let css = configuration.stylesheetCSS {
      self.configuredStylesheet = try Stylesheet(css: css)
    } else {
      self.configuredStylesheet = try configuration.stylesheet.map { path throws(RenderError) in
        try Self.loadStylesheet(path, maximumBytes: configuration.limits.maximumInputBytes)
      }
    }
  }

  /// Renders Markdown to a standalone HTML page with the stylesheet embedded; the title comes
  /// from the document: its front matter's `title`, else the configured one, else the first
  /// heading's text, else `fileName`.
  public func page(markdown: String, fileName: String? = nil) throws(RenderError) -> HTMLPage {
    let (fragment, title) = try MarkdownPipeline(self).fragmentAndTitle(
      markdown: markdown, configured: configuration.title)
    return HTMLPage(
      fragment: fragment, stylesheet: stylesheet, title: title, fileName: fileName,
      language: configuration.language, baseURL: configuration.baseURL)
  }

  /// The ``Document`` of Markdown, as styled text is built from it: the front matter in
  /// ``Document/metadata``, heading anchors and the table of contents when the options ask.
  ///
  /// ```swift
  /// let document = try renderer.document(markdown: "---\ntitle: Notes\n---\n# Hi\n")
  /// document.metadata["title"]  // .string("Notes")
  /// ```
  public func document(markdown: String) throws(RenderError) -> Document {
    try MarkdownPipeline(self).document(markdown: markdown)
  }

  /// Wraps an HTML fragment (from any source) in a page with the stylesheet embedded, and
  /// the configured title, language and base URL.
  public func page(fragment: HTMLFragment, fileName: String? = nil) -> HTMLPage {
    HTMLPage(
      fragment: fragment, stylesheet: stylesheet, title: configuration.title, fileName: fileName,
      language: configuration.language, baseURL: configuration.baseURL)
  }

  /// Renders Markdown to styled text: the engine's ``Document`` (built from its node tree
  /// where it has one, see ``document(markdown:)``), styled by the stylesheet in the configured
  /// colour scheme.
  ///
  /// With ``RenderConfiguration/sanitize`` set, the engine's HTML is sanitized and imported
  /// instead, so that styled text shows exactly what the sanitized page shows.
  public func styledText(markdown: String) throws(RenderError) -> StyledText {
    try styled(document(markdown: markdown))
  }

  /// ``styledText(markdown:)`` for Markdown as UTF-8 bytes, decoded as
  /// ``html(markdownUTF8:)`` decodes them (and, as there, sent to a worker as they are).
  ///
  /// ```swift
  /// let styled = try renderer.styledText(markdownUTF8: try Data(contentsOf: url))
  /// ```
  public func styledText(markdownUTF8 markdown: Data) throws(RenderError) -> StyledText {
    try styled(MarkdownPipeline(self).document(markdownUTF8: markdown))
  }

  /// ``styledText(markdownUTF8:)`` of the Markdown file `file`, whose document the engine's
  /// worker builds from the file itself (the host neither reads nor sends its bytes); nil,
  /// having read nothing, when the worker cannot (the caller then reads the file).
  package func styledText(markdownFile file: InputFile) throws(RenderError) -> StyledText? {
    guard let document = try MarkdownPipeline(self).document(markdownFile: file) else {
      return nil
    }
    return try styled(document)
  }

  /// `renderer`'s output for ``styledText(markdownUTF8:)`` of the Markdown file `file`, made
  /// by the engine's worker from the file itself: the host neither reads the Markdown nor
  /// holds its document or styled text. With `output` (a regular file or `/dev/null`), the
  /// worker writes it there and the result is empty. Nil, having read nothing, when the worker
  /// cannot (the caller then renders ``styledText(markdownFile:)`` itself).
  package func terminalOutput(
    markdownFile file: InputFile, renderer: TerminalRenderer, writingTo output: OutputFile? = nil
  ) throws(RenderError) -> [UInt8]? {
    let terminal = WorkerRequest.Terminal(
      stylesheet: stylesheet.source, colorScheme: configuration.colorScheme, renderer: renderer,
      anchorsHeadings: options.headingAnchors)
    return try MarkdownPipeline(self).terminalOutput(
      markdownFile: file, terminal: terminal, writingTo: output)
  }

  /// Imports any HTML into styled text, styled by the stylesheet in the configured colour scheme,
  /// then the document's `<style>` elements; with `linkedStylesheetFolder` (the folder the
  /// document came from, granted by the caller), also its `<link rel="stylesheet">` files inside
  /// that folder.
  ///
  /// ```swift
  /// let styled = try renderer.styledText(html: "<p>Hello <b>world</b></p>")
  /// let attributed = AttributedString(styled)
  /// ```
  public func styledText(
    html: String, linkedStylesheetFolder: URL? = nil
  ) throws(RenderError) -> StyledText {
    try styled(requireImporter().importDocument(html: html), folder: linkedStylesheetFolder)
  }

  /// Imports HTML bytes into styled text, decoded as a browser would (byte-order mark, then
  /// `<meta charset>`, else UTF-8): the form for files read from disk.
  ///
  /// ```swift
  /// let styled = try renderer.styledText(htmlData: Data(contentsOf: url))
  /// ```
  public func styledText(
    htmlData: some Collection<UInt8>, linkedStylesheetFolder: URL? = nil
  ) throws(RenderError) -> StyledText {
    try styled(requireImporter().importDocument(data: htmlData), folder: linkedStylesheetFolder)
  }

  private func styled(_ document: Document, folder: URL? = nil) throws(RenderError) -> StyledText {
    StyledText(
      document: document,
      styles: try stylesheet.cascade(
        document, colorScheme: configuration.colorScheme, linkedStylesheetFolder: folder))
  }

  private func requireImporter() throws(RenderError) -> any HTMLImporting {
    guard let importer else {
      throw .importFailed(
        "this renderer has no HTML importer; create it with RenderKit's Renderer(configuration:)")
    }
    return importer
  }

  private func sanitized(_ fragment: HTMLFragment, always: Bool = false) throws(RenderError)
    -> HTMLFragment
  {
    guard configuration.sanitize || always else { return fragment }
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

  /// Renders Markdown to an HTML fragment with the configured engine and options, sanitized
  /// when the configuration says so: the engine's own HTML, or, with heading anchors or a table
  /// of contents, the document serialised (see ``document(markdown:)``).
  public func html(markdown: String) throws(RenderError) -> HTMLFragment {
    try MarkdownPipeline(self).fragment(markdown: markdown)
  }

  /// `html(markdown:)` for Markdown as UTF-8 bytes (a file's contents, say), decoded as
  /// ``MarkdownInput/decode(_:)`` does: invalid UTF-8 becomes U+FFFD.
  ///
  /// An engine in a worker process gets the bytes as they are, unless front matter,
  /// anchors or a table of contents need the text here: megabytes of Markdown are then
  /// validated once, in the worker, and never copied into a `String` in this process.
  ///
  /// ```swift
  /// let fragment = try renderer.html(markdownUTF8: try Data(contentsOf: url))
  /// ```
  public func html(markdownUTF8 markdown: Data) throws(RenderError) -> HTMLFragment {
    try MarkdownPipeline(self).fragment(markdownUTF8: markdown)
  }

  /// Writes ``html(markdownUTF8:)`` of the Markdown file `file` to `output` (a regular file or
  /// `/dev/null`, where a write never waits for a reader) when the engine's worker can read
  /// and write them itself; false, having written nothing, when it cannot (the caller then
  /// reads the file and writes the fragment).
  package func writeHTML(markdownFile file: InputFile, to output: OutputFile) throws(RenderError)
    -> Bool
  {
    try MarkdownPipeline(self).writeFragment(markdownFile: file, to: output)
  }

  /// ``html(markdown:)`` for async callers: an engine in a worker process suspends the task
  /// while it works, so waiting never blocks a thread of the cooperative pool.
  ///
  /// ```swift
  /// let fragment = try await renderer.html(markdown: text)
  /// ```
  public func html(markdown: String) async throws(RenderError) -> HTMLFragment {
    // The whole pipeline (front matter, engine, anchors) runs on a waiter thread, outside the
    // cooperative pool, so a worker's deadline holds no thread of it.
    try await WorkerPool.suspending { () throws(RenderError) in try html(markdown: markdown) }
  }

  /// ``page(markdown:fileName:)`` for async callers, suspending while a worker works.
  public func page(markdown: String, fileName: String? = nil) async throws(RenderError)
    -> HTMLPage
  {
    page(fragment: try await html(markdown: markdown), fileName: fileName)
  }

  /// HTML from any source as a fragment, safe by default as Markdown is: sanitized unless
  /// ``RenderOptions/unsafe`` is set (and then still when ``RenderConfiguration/sanitize`` is).
  public func html(html: String) throws(RenderError) -> HTMLFragment {
    try sanitized(HTMLFragment(html: html, engineID: "html"), always: !configuration.options.unsafe)
  }

  /// HTML from any source as a standalone page with the stylesheet embedded, sanitized as
  /// ``html(html:)`` is. A whole document keeps its own title (unless one is configured) and
  /// its body's content becomes the page's: it is not nested, `head` and all, inside `<main>`.
  ///
  /// ```swift
  /// let page = try renderer.page(html: "<title>Notes</title><p>Hello</p>", fileName: "notes.html")
  /// page.title  // "Notes"
  /// ```
  public func page(html: String, fileName: String? = nil) throws(RenderError) -> HTMLPage {
    let document = try requireImporter().importDocument(html: html)
    let ownTitle = document.nodes.firstIndex { $0.kind == .element && $0.name == "title" }.map {
      document.textContent(of: $0).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let fragment =
      configuration.options.unsafe && !configuration.sanitize
      ? HTMLFragment(html: HTMLDocumentBody.content(of: html), engineID: "html")
      : try sanitized(HTMLFragment(html: html, engineID: "html"), always: true)
    let title = configuration.title ?? ownTitle.flatMap { $0.isEmpty ? nil : $0 }
    return HTMLPage(fragment: fragment, stylesheet: stylesheet, title: title, fileName: fileName)
  }

  /// Renders many documents concurrently on all cores; results come back in input order,
  /// and one document's error does not stop the others. Documents rendered in worker
  /// processes suspend their tasks while they wait, so a hostile document holds no thread.
  ///
  /// ```swift
  /// let results = await renderer.html(markdownDocuments: texts)
  /// for case .success(let fragment) in results { … }
  /// ```
  public func html(markdownDocuments documents: [String]) async -> [Result<
    HTMLFragment, RenderError
  >] {
    await withTaskGroup(of: (Int, Result<HTMLFragment, RenderError>).self) { group in
      for (index, document) in documents.enumerated() {
        group.addTask {
          do throws(RenderError) {
            return (index, .success(try await html(markdown: document)))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results = [Result<HTMLFragment, RenderError>?](repeating: nil, count: documents.count)
      for await (index, result) in group { results[index] = result }
      return results.map { $0! }
    }
  }
}
