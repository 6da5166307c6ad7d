import Foundation
import FrontMatter
import RenderCore
import RenderOutline

/// What a ``Renderer`` does around its engine: the front matter is taken out before the engine
/// sees the text, and anchors, the table of contents and the title are computed once from the
/// ``Document``, so that fragment, page and styled text agree.
///
/// With neither anchors nor a table of contents asked for, the fragment is the engine's own
/// HTML, byte for byte. With either, it is the document serialised: the ids and the list are
/// in the tree, so writing the tree is the one way the HTML can say exactly what styled text
/// shows (raw HTML comes out as the importer parsed it, as the sanitizer writes it too).
package struct MarkdownPipeline: Sendable {
  let engine: any MarkdownEngine
  let options: RenderOptions
  let importer: (any HTMLImporting)?
  let sanitizer: (any HTMLSanitizing)?
  let frontMatter: FrontMatterReader

  /// The pipeline of `renderer`: its engine, options, importer and (when it sanitizes) sanitizer.
  package init(_ renderer: Renderer) {
    engine = renderer.engine
    options = renderer.options
    importer = renderer.importer
    sanitizer = renderer.configuration.sanitize ? renderer.sanitizer : nil
    frontMatter = FrontMatterReader()
  }

  /// The Markdown the engine gets (front matter lines emptied) and the document's metadata.
  package func prepare(_ markdown: String) throws(RenderError) -> FrontMatterReader.Result {
    var result = try frontMatter.read(markdown, mode: options.frontMatter)
    if options.tableOfContents { result.body = TableOfContentsMarker.normalize(result.body) }
    return result
  }

  /// The engine's HTML for prepared Markdown, sanitized when the renderer sanitizes.
  private func engineFragment(_ body: String) throws(RenderError) -> HTMLFragment {
    try sanitized(engine.render(body, options: options))
  }

  /// `fragment`, sanitized when the renderer sanitizes.
  private func sanitized(_ fragment: HTMLFragment) throws(RenderError) -> HTMLFragment {
    guard let sanitizer else { return fragment }
    return HTMLFragment(
      html: try sanitizer.sanitize(html: fragment.html), engineID: fragment.engineID)
  }

  /// The document of `markdown`: the engine's (or, when sanitizing, the sanitized HTML's),
  /// with its metadata, and with anchors and the table of contents when the options ask.
  package func document(markdown: String) throws(RenderError) -> Document {
    let prepared = try prepare(markdown)
    return try document(prepared: prepared)
  }

  private func document(prepared: FrontMatterReader.Result) throws(RenderError) -> Document {
    let importer = try requireImporter()
    var document =
      sanitizer == nil
      ? try engine.document(prepared.body, options: options, importer: importer)
      : try importer.importDocument(fragment: engineFragment(prepared.body))
    document.metadata = prepared.metadata
    return outlined(document)
  }

  /// The document of the UTF-8 `markdown`, as ``document(markdown:)`` gives for the bytes
  /// decoded. An engine that takes bytes gets them as they are when nothing here needs the
  /// text: no front matter can start, no table of contents marker needs rewriting, and the
  /// engine's HTML is not sanitized first.
  package func document(markdownUTF8 markdown: Data) throws(RenderError) -> Document {
    guard sanitizer == nil, !options.tableOfContents, let bytesEngine = bytesEngine(for: markdown)
    else { return try document(markdown: MarkdownInput.decode(markdown)) }
    return outlined(
      try bytesEngine.document(utf8: markdown, options: options, importer: requireImporter()))
  }

  /// The document of the Markdown file `file`, built by the worker, which reads the file
  /// itself, when the engine runs in one and nothing here needs the text (as for
  /// ``document(markdownUTF8:)``'s bytes path); nil, having read nothing, otherwise.
  package func document(markdownFile file: InputFile) throws(RenderError) -> Document? {
    guard let isolated = isolatedEngine(reading: file), !options.tableOfContents else {
      return nil
    }
    return outlined(
      try isolated.document(markdownFile: file, options: options, importer: requireImporter()))
  }

  /// The terminal output of the Markdown file `file`, made in the worker, which reads the
  /// file and styles and lays out the document itself (the settings in `terminal`), when the
  /// engine runs in one and nothing here needs the text (as for ``document(markdownFile:)``);
  /// with `output`, the worker writes it there and the result is empty. Nil, having read
  /// nothing, when the worker cannot.
  func terminalOutput(
    markdownFile file: InputFile, terminal: WorkerRequest.Terminal, writingTo output: OutputFile?
  ) throws(RenderError) -> [UInt8]? {
    guard let isolated = isolatedEngine(reading: file), !options.tableOfContents else {
      return nil
    }
    return try isolated.terminalOutput(
      markdownFile: file, options: options, importer: requireImporter(), terminal: terminal,
      writingTo: output)
  }

  /// The engine's worker, when it can read `file` itself: the engine runs in one, the file is
  /// regular, no front matter can open in its head and the engine's HTML is not sanitized
  /// first. The one condition the file paths share (each adds what its own output needs).
  private func isolatedEngine(reading file: InputFile) -> IsolatedEngine? {
    // Front matter opens on the first line; a head cut inside a long first line can only make
    // a fence look possible, never hide one.
    guard sanitizer == nil, let isolated = engine as? IsolatedEngine,
      file.regularFileBytes != nil, !frontMatter.mayRead(file.head, mode: options.frontMatter)
    else { return nil }
    return isolated
  }

  /// `document` with anchors and the table of contents, when the options ask for them.
  private func outlined(_ document: Document) -> Document {
    // Sanitized output keeps no id of its own; GitHub's prefix keeps the new ones from
    // clobbering the names a host page's scripts use.
    Self.outlined(document, options: options, anchorPrefix: sanitizer == nil ? "" : "user-content-")
  }

  /// `document` with anchors (each id after `anchorPrefix`) and the table of contents, when
  /// `options` ask for them: the one outline step, in the host or in a worker.
  static func outlined(
    _ document: Document, options: RenderOptions, anchorPrefix: String
  ) -> Document {
    guard options.anchorsHeadings else { return document }
    let outline = Outline(document: document, anchorPrefix: anchorPrefix)
    let contents =
      options.tableOfContents
      ? TableOfContents(outline: outline, levels: options.tableOfContentsLevels) : nil
    return outline.applying(to: document, tableOfContents: contents)
  }

  /// The HTML fragment of `markdown`: the engine's bytes, or the document serialised when
  /// anchors or a table of contents are on.
  package func fragment(markdown: String) throws(RenderError) -> HTMLFragment {
    let prepared = try prepare(markdown)
    guard options.anchorsHeadings else { return try engineFragment(prepared.body) }
    let document = try document(prepared: prepared)
    return Self.fragment(of: document, engineID: engine.descriptor.id)
  }

  /// The HTML fragment of the UTF-8 `markdown`, as ``fragment(markdown:)`` gives for the
  /// bytes decoded. An engine that takes bytes gets them as they are when nothing here needs
  /// the text: no front matter can start, and neither anchors nor a table of contents are on.
  package func fragment(markdownUTF8 markdown: Data) throws(RenderError) -> HTMLFragment {
    guard !options.anchorsHeadings, let bytesEngine = bytesEngine(for: markdown) else {
      return try fragment(markdown: MarkdownInput.decode(markdown))
    }
    return try sanitized(bytesEngine.render(utf8: markdown, options: options))
  }

  /// Writes the HTML fragment of the Markdown file `file` to `output` (a regular file or
  /// `/dev/null`) from the worker, which reads the file itself, when the engine runs in one
  /// and nothing here needs the text (as for ``fragment(markdownUTF8:)``'s bytes path);
  /// false, having written nothing, otherwise.
  package func writeFragment(markdownFile file: InputFile, to output: OutputFile)
    throws(RenderError)
    -> Bool
  {
    guard !options.anchorsHeadings, let isolated = isolatedEngine(reading: file) else {
      return false
    }
    _ = try isolated.write(markdownFile: file, options: options, to: output)
    return true
  }

  /// The engine, when it takes UTF-8 bytes and no front matter can start in `markdown`: the
  /// one condition the bytes paths share (each adds what its own output needs of the text).
  private func bytesEngine(for markdown: Data) -> (any UTF8MarkdownEngine)? {
    guard let bytesEngine = engine as? any UTF8MarkdownEngine,
      !frontMatter.mayRead(markdown, mode: options.frontMatter)
    else { return nil }
    return bytesEngine
  }

  /// The fragment and the page title of `markdown`, both from one document: the front
  /// matter's `title`, else `configured`, else the first heading's text; nil when none.
  package func fragmentAndTitle(markdown: String, configured: String?) throws(RenderError)
    -> (HTMLFragment, String?)
  {
    let prepared = try prepare(markdown)
    guard importer != nil else {
      // Without an importer there is no document: the page reads the title from the HTML.
      return (try engineFragment(prepared.body), Self.title(prepared.metadata) ?? configured)
    }
    let document = try document(prepared: prepared)
    let fragment =
      options.anchorsHeadings
      ? Self.fragment(of: document, engineID: engine.descriptor.id)
      : try engineFragment(prepared.body)
    let title = Self.title(document.metadata) ?? configured ?? Outline(document: document).title
    return (fragment, title)
  }

  /// The document written as an HTML fragment.
  static func fragment(of document: Document, engineID: String) -> HTMLFragment {
    HTMLFragment(html: HTMLSerializer.fragment(of: document), engineID: engineID)
  }

  /// The front matter's `title`, when it is a non-blank string.
  static func title(_ metadata: [String: MetadataValue]) -> String? {
    guard let title = metadata["title"]?.stringValue, !title.allSatisfy(\.isWhitespace) else {
      return nil
    }
    return title
  }

  private func requireImporter() throws(RenderError) -> any HTMLImporting {
    guard let importer else {
      throw .importFailed(
        "this renderer has no HTML importer; create it with RenderKit's Renderer(configuration:)")
    }
    return importer
  }
}
