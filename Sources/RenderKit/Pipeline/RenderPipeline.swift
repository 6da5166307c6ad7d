import Foundation
import FrontMatter
import RenderCore
import RenderOutline
import RenderStyling
import RenderText

/// The one path of every render: prepare (front matter, the contents marker) → parse (the
/// engine, or the importer) → document passes → cascade → write.
///
/// ``run(_:)`` makes the job's ``RenderPlan`` first, the one place that decides where the
/// input is parsed, what the output is made from (the engine's own HTML, that HTML with code
/// replaced, the document, or HTML input as it came), which passes run and whether the
/// sanitizer runs; then it carries the plan out. How the input reaches the parser follows:
/// - Markdown bytes go to an engine that takes bytes as they are, and a file to an engine in a
///   worker as its descriptor, when nothing in the host needs the text: no front matter can
///   start, no contents marker needs rewriting.
/// - Passes are screened on the Markdown's bytes before any parse
///   (``RenderCore/DocumentPass/mayChange(markdownUTF8:)``): one that can change nothing there
///   (alerts without `[!`, math without `$`) is dropped, so the fast paths above hold. A file
///   is read for this only when a pass must rewrite the text anyway (math).
package struct RenderPipeline: Sendable {
  let renderer: Renderer
  let frontMatter = FrontMatterReader()

  /// The pipeline of `renderer`: its engine, options, importer, sanitizer, passes and stylesheet.
  package init(_ renderer: Renderer) {
    self.renderer = renderer
  }

  private var options: RenderOptions { renderer.options }
  private var engine: any MarkdownEngine { renderer.engine }

  /// Runs `job`: plans it, then carries the plan out.
  package func run(_ job: RenderJob) throws(RenderError) -> RenderResult {
    let context = context(of: job)
    let (plan, plannedJob, passes) = try plan(job, context: context)
    // Consumed, so that the parse can take the only reference to the input.
    var job = consume plannedJob
    if plan.isMadeInWorker { return try workerOutput(job, passes: passes) }
    switch plan.route {
    case .engineHTML: return try engineFragment(job, plan: plan)
    case .inputHTML: return try htmlOutput(job, plan: plan, context: context)
    case .engineHTMLWithCodeReplaced, .document:
      if plan.route == .engineHTMLWithCodeReplaced,
        let fragment = try codeReplacedFragment(job.source, passes: passes)
      {
        return .fragment(fragment)
      }
      var document =
        try job.source.isHTML
        ? importedDocument(job.source) : markdownDocument(Self.takeSource(of: &job))
      for pass in passes { try pass.apply(to: &document, in: context) }
      return try write(document, job: job)
    }
  }

  /// The plan of `job`, with the job and the passes it carries out: the active passes,
  /// screened on the Markdown's bytes (and the Markdown read, prepared and rewritten as the
  /// screening leaves it) unless a worker makes the output whole and screens them there.
  private func plan(
    _ job: RenderJob, context: DocumentPassContext
  ) throws(RenderError) -> (RenderPlan, RenderJob, [any DocumentPass]) {
    var job = job
    var passes = activePasses(in: context)
    let isMadeInWorker = RenderPlan.isMadeInWorker(job, renderer: renderer, passes: passes)
    if !isMadeInWorker {
      job.source = try planned(job.source, passes: &passes, context: context)
    }
    let plan = RenderPlan(
      job: job, renderer: renderer, passes: passes, isMadeInWorker: isMadeInWorker)
    return (plan, job, passes)
  }

  /// The plan of `job` (``plan(_:context:)``).
  package func plan(_ job: RenderJob) throws(RenderError) -> RenderPlan {
    try plan(job, context: context(of: job)).0
  }

  /// Runs each of `jobs`, as ``run(_:)`` does, in their order; the HTML jobs whose output
  /// the importer's worker makes whole (``RenderPlan/isMadeInWorker``), and that ask
  /// the same of it as the first such job, go to that worker together, in runs.
  package func run(_ jobs: [RenderJob]) -> [Result<RenderResult, RenderError>] {
    var results = [Result<RenderResult, RenderError>?](repeating: nil, count: jobs.count)
    var gathered: [Int] = []
    var inputs: [WorkerRequest.Input] = []
    var shared: StyledRequest?
    for (index, job) in jobs.enumerated() {
      // HTML is not screened: its plan reads nothing, and so cannot fail.
      let passes = activePasses(of: job)
      if job.source.isHTML, RenderPlan.isMadeInWorker(job, renderer: renderer, passes: passes),
        case let request = workerStyledRequest(job, passes: passes),
        shared.map({ $0.output == request.output && $0.passIDs == request.passIDs }) ?? true
      {
        shared = shared ?? request
        gathered.append(index)
        inputs.append(request.input)
      } else {
        results[index] = Result { () throws(RenderError) in try run(job) }
      }
    }
    if let shared {
      let outputs = shared.importer.run(
        inputs, to: shared.output, options: options, passes: shared.passes)
      for (index, output) in zip(gathered, outputs) {
        results[index] = output.map { .bytes($0) }
      }
    }
    return results.map { $0! }
  }

  /// The renderer's passes active for `job`, in order, before any screening: the plan's and
  /// the stream's (which screens each block on them itself).
  package func activePasses(of job: RenderJob) -> [any DocumentPass] {
    activePasses(in: context(of: job))
  }

  private func activePasses(in context: DocumentPassContext) -> [any DocumentPass] {
    // Room for all at once: `filter` grows its result pass by pass, on every render.
    var active: [any DocumentPass] = []
    active.reserveCapacity(renderer.passes.count)
    for pass in renderer.passes where pass.isActive(in: context) { active.append(pass) }
    return active
  }

  /// What the passes of `job` are given.
  private func context(of job: RenderJob) -> DocumentPassContext {
    DocumentPassContext(
      options: options, idPrefix: options.allowsHTML ? UserContentPass.prefix : "",
      configuredTitle: renderer.configuration.title,
      makesPage: { if case .page = job.output { true } else { false } }())
  }

  // MARK: Markdown

  /// The Markdown the engine gets (front matter lines emptied) and the document's metadata.
  private func prepare(_ markdown: String) throws(RenderError) -> FrontMatterReader.Result {
    var result = try frontMatter.read(markdown, mode: options.frontMatter)
    if options.tableOfContents { result.body = TableOfContentsMarker.normalize(result.body) }
    return result
  }

  /// `source` with `passes` screened on its bytes, then through the prepare step and the
  /// passes that rewrite Markdown (the text is then in the host; bytes stay bytes when the
  /// prepare step has nothing to do); a pass that can find nothing of its own leaves `passes`.
  private func planned(
    _ source: RenderJob.Source, passes: inout [any DocumentPass], context: DocumentPassContext
  ) throws(RenderError) -> RenderJob.Source {
    let bytes: Data
    var source = source
    switch source.storage {
    case .markdownText(let text): bytes = Data(text.utf8)
    case .markdownBytes(let held): bytes = held
    case .markdownFile(let file):
      // A worker that can read the file reads it, unless a pass must rewrite the text anyway;
      // for the host it is read once, here.
      let workerReads = isolatedEngine(taking: source) != nil
      guard !workerReads || passes.contains(where: \.preparesMarkdown) else { return source }
      bytes = try file.read()
      if !workerReads { source = .markdown(utf8: bytes) }
    case .prepared, .htmlText, .htmlBytes, .htmlFile: return source
    }
    passes = passes.filter { $0.mayChange(markdownUTF8: bytes) }
    guard passes.contains(where: \.preparesMarkdown) else { return source }
    if !needsPreparing(bytes) {
      // Nothing of the prepare step applies: the passes rewrite the bytes, and bytes none
      // rewrites go to the engine as they came, file and all.
      var rewritten: Data?
      passes = passes.filter { pass in
        guard pass.preparesMarkdown else { return true }
        guard let prepared = pass.prepare(markdownUTF8: rewritten ?? bytes, in: context) else {
          return false
        }
        rewritten = prepared
        return true
      }
      return rewritten.map { .markdown(utf8: $0) } ?? source
    }
    var result: FrontMatterReader.Result
    switch source.storage {
    case .markdownText(let text): result = try prepare(text)
    default: result = try prepare(MarkdownInput.decode(bytes))
    }
    passes = passes.filter { pass in
      guard pass.preparesMarkdown else { return true }
      guard let rewritten = pass.prepare(markdown: result.body, in: context) else { return false }
      result.body = rewritten
      return true
    }
    return RenderJob.Source(storage: .prepared(body: result.body, metadata: result.metadata))
  }

  /// The engine's own HTML.
  private func engineFragment(_ job: RenderJob, plan: RenderPlan) throws(RenderError)
    -> RenderResult
  {
    switch job.source.storage {
    case .markdownFile(let file):
      if plan.writesDestination, let output = job.destination,
        let isolated = isolatedEngine(taking: job.source)
      {
        return try isolated.run(
          markdownFile: file, to: .fragment, options: options, writingTo: output)
      }
      return try engineFragment(
        RenderJob(.markdown(utf8: file.read()), to: .fragment), plan: plan)
    case .markdownBytes(let bytes):
      if let bytesEngine = bytesEngine(for: bytes) {
        return .fragment(try bytesEngine.render(utf8: bytes, options: options))
      }
      return .fragment(try engineFragment(prepare(MarkdownInput.decode(bytes)).body))
    case .markdownText(let text):
      return .fragment(try engineFragment(prepare(text).body))
    case .prepared(let body, _):
      return .fragment(try engineFragment(body))
    case .htmlText, .htmlBytes, .htmlFile:
      preconditionFailure("HTML has no engine fragment")
    }
  }

  /// The engine's own HTML with the code of the active passes written as the passes' HTML
  /// (``RenderPlan/replacesCode(_:renderer:)`` says when); nil when the engine's tree would
  /// not take a replacement where it belongs, which only its walk finds: the document route.
  private func codeReplacedFragment(
    _ source: RenderJob.Source, passes: [any DocumentPass]
  ) throws(RenderError) -> HTMLFragment? {
    let replacement = CodeReplacementSequence(passes.compactMap { $0 as? any CodeReplacement })
    guard let replacing = engine as? any CodeReplacingEngine else {
      preconditionFailure("planned for an engine that replaces code")
    }
    let markdown: MarkdownSource
    switch source.storage {
    case .prepared(let body, _): markdown = .text(body)
    case .markdownText(let text):
      markdown = try .text(needsPreparing(text.utf8) ? prepare(text).body : text)
    case .markdownBytes(let bytes): markdown = try engineSource(bytes)
    case .markdownFile(let file): markdown = try engineSource(file.read())
    case .htmlText, .htmlBytes, .htmlFile: preconditionFailure("HTML has no engine fragment")
    }
    return try replacing.render(source: markdown, options: options, replacing: replacement)
  }

  /// ``RenderPlan/needsPreparing(_:renderer:)`` for this renderer.
  private func needsPreparing(_ markdown: some Collection<UInt8>) -> Bool {
    RenderPlan.needsPreparing(markdown, renderer: renderer)
  }

  /// `bytes` as the engine takes them: as they are, or decoded and prepared when the prepare
  /// step changes them.
  private func engineSource(_ bytes: Data) throws(RenderError) -> MarkdownSource {
    try needsPreparing(bytes) ? .text(prepare(MarkdownInput.decode(bytes)).body) : .utf8(bytes)
  }

  private func engineFragment(_ body: String) throws(RenderError) -> HTMLFragment {
    try engine.render(body, options: options)
  }

  /// The engine's document of the Markdown source, with its metadata: built by the engine (in
  /// a worker from the file or the bytes when nothing here needs the text); raw HTML passes
  /// the allowlist as the engine's builder meets it (``RenderOptions/allowsHTML``).
  private func markdownDocument(_ source: consuming RenderJob.Source) throws(RenderError)
    -> Document
  {
    let importer = try renderer.requireImporter()
    let storage = (consume source).storage
    switch consume storage {
    case .markdownFile(let file):
      if let isolated = isolatedEngine(taking: RenderJob.Source(storage: .markdownFile(file))) {
        return try isolated.run(
          markdownFile: file, to: .document, options: options, importer: importer
        ).document!
      }
      return try markdownDocument(.markdown(utf8: file.read()))
    case .markdownBytes(let bytes):
      if !options.tableOfContents, let bytesEngine = bytesEngine(for: bytes) {
        return try bytesEngine.document(utf8: consume bytes, options: options, importer: importer)
      }
      return try markdownDocument(.markdown(MarkdownInput.decode(bytes)))
    case .markdownText(let text):
      let prepared = try prepare(text)
      return try markdownDocument(
        RenderJob.Source(storage: .prepared(body: prepared.body, metadata: prepared.metadata)))
    case .prepared(let body, let metadata):
      var document = try engine.document(body, options: options, importer: importer)
      document.metadata = metadata
      return document
    case .htmlText, .htmlBytes, .htmlFile:
      preconditionFailure("HTML is imported, not parsed as Markdown")
    }
  }

  /// `job`'s Markdown source, leaving it empty Markdown in `job`: the parse then holds the
  /// only reference to the input, and frees it before the document is built beside the
  /// engine's tree (or, for md4c, once it has its copy).
  private static func takeSource(of job: inout RenderJob) -> RenderJob.Source {
    let source = job.source
    job.source = .markdown(utf8: Data())
    return consume source
  }

  /// The output of a job a worker makes whole (``RenderPlan/isMadeInWorker``), passes
  /// included: Markdown's fragment or terminal output by the engine's worker, HTML's text,
  /// JSON or terminal output by the importer's. The host neither reads a file nor rewrites
  /// text nor decodes a document.
  private func workerOutput(
    _ job: RenderJob, passes: [any DocumentPass]
  ) throws(RenderError) -> RenderResult {
    if job.source.isHTML {
      let request = workerStyledRequest(job, passes: passes)
      return .bytes(
        try request.importer.run(
          request.input, to: request.output, options: options, passes: request.passes,
          maximumInputBytes: request.maximumInputBytes))
    }
    let output: WorkerRequest.Output
    switch job.output {
    case .terminal(let terminal):
      output = .terminal(
        WorkerRequest.Terminal(
          stylesheet: renderer.stylesheet.source, colorScheme: renderer.configuration.colorScheme,
          renderer: terminal))
    default: output = .fragment
    }
    guard let isolated = isolatedEngine(taking: job.source) else {
      preconditionFailure("planned for the engine's worker")
    }
    let importer = try renderer.requireImporter()
    let markdown: WorkerRequest.Input
    switch job.source.storage {
    case .markdownFile(let file):
      return try isolated.run(
        markdownFile: file, to: output, options: options, importer: importer, passes: passes,
        writingTo: job.destination)
    case .markdownText(let text): markdown = .text(text)
    case .markdownBytes(let bytes): markdown = .bytes(bytes)
    case .prepared, .htmlText, .htmlBytes, .htmlFile:
      preconditionFailure("planned for the engine's worker")
    }
    return try isolated.run(
      markdown: markdown, to: output, options: options, importer: importer, passes: passes,
      writingTo: job.destination)
  }

  /// The engine's worker, when it can take `source` as it is
  /// (``RenderPlan/engineWorker(taking:renderer:)``).
  private func isolatedEngine(taking source: RenderJob.Source) -> IsolatedEngine? {
    RenderPlan.engineWorker(taking: source, renderer: renderer) ? engine as? IsolatedEngine : nil
  }

  /// The engine, when it takes UTF-8 bytes and no front matter can start in `markdown`.
  private func bytesEngine(for markdown: Data) -> (any UTF8MarkdownEngine)? {
    guard let bytesEngine = engine as? any UTF8MarkdownEngine,
      !frontMatter.mayRead(markdown, mode: options.frontMatter)
    else { return nil }
    return bytesEngine
  }

  // MARK: HTML

  /// HTML input as it came, for a fragment or a page: sanitized when the plan says so.
  private func htmlOutput(
    _ job: RenderJob, plan: RenderPlan, context: DocumentPassContext
  ) throws(RenderError) -> RenderResult {
    let html = try htmlText(job.source)
    switch job.output {
    case .page(let fileName):
      var document = try renderer.requireImporter().importDocument(html: html)
      if document.metadata["title"] == nil,
        let own = (0..<document.nodeCount).first(where: { document.nameID(of: $0) == .title })
      {
        document.metadata["title"] = .string(
          document.textContent(of: own).trimmingCharacters(in: .whitespacesAndNewlines))
      }
      if let configured = renderer.configuration.title {
        document.metadata["title"] = .string(configured)
      }
      TitlePass().apply(to: &document, in: context)
      let fragment =
        plan.sanitizes
        ? try renderer.sanitizedAlways(HTMLFragment(html: html, engineID: "html"))
        : HTMLFragment(html: HTMLDocumentBody.content(of: html), engineID: "html")
      return .page(
        HTMLPage(
          fragment: fragment, stylesheet: renderer.stylesheet,
          title: TitlePass.title(of: document), fileName: fileName,
          colorScheme: renderer.configuration.pageColorScheme))
    default:
      let fragment = HTMLFragment(html: html, engineID: "html")
      return .fragment(plan.sanitizes ? try renderer.sanitizedAlways(fragment) : fragment)
    }
  }

  /// The HTML input decoded, a file read here (only the importer's worker reads one itself).
  private func htmlText(_ source: RenderJob.Source) throws(RenderError) -> String {
    switch source.storage {
    case .htmlText(let text): text
    case .htmlBytes(let bytes): CharacterEncodingDetector.decode(bytes)
    case .htmlFile(let file): CharacterEncodingDetector.decode(try file.read())
    case .markdownText, .markdownBytes, .markdownFile, .prepared: preconditionFailure("not HTML")
    }
  }

  /// The importer's document of the HTML input.
  private func importedDocument(_ source: RenderJob.Source) throws(RenderError) -> Document {
    let importer = try renderer.requireImporter()
    switch source.storage {
    case .htmlBytes(let bytes): return try importer.importDocument(data: bytes)
    case .htmlFile(let file): return try importer.importDocument(data: file.read())
    default: return try importer.importDocument(html: htmlText(source))
    }
  }

  /// What the importer's worker is asked for a job's styled output.
  private struct StyledRequest {
    let importer: IsolatedHTMLImporter
    var input: WorkerRequest.Input
    let output: WorkerRequest.Output
    let passes: [any DocumentPass]
    /// For a file: the most bytes the worker reads of it.
    var maximumInputBytes: Int?
    var passIDs: [String] { passes.map(\.id) }
  }

  /// The request for plain text, JSON or terminal output of the HTML that the importer's
  /// worker makes whole (``RenderPlan/isMadeInWorker``): the host then decodes no document
  /// and cascades nothing.
  private func workerStyledRequest(
    _ job: RenderJob, passes: [any DocumentPass]
  ) -> StyledRequest {
    guard let isolated = renderer.importer as? IsolatedHTMLImporter else {
      preconditionFailure("planned for the importer's worker")
    }
    let configuration = renderer.configuration
    let styles = WorkerRequest.Styles(
      stylesheet: renderer.stylesheet.source, colorScheme: configuration.colorScheme)
    let output: WorkerRequest.Output
    switch job.output {
    case .plainText: output = .plainText(styles)
    case .json: output = .json(styles)
    case .terminal(let terminal):
      output = .terminal(
        WorkerRequest.Terminal(
          stylesheet: styles.stylesheet, colorScheme: styles.colorScheme, renderer: terminal))
    default: preconditionFailure("planned for the importer's worker")
    }
    var request = StyledRequest(
      importer: isolated, input: .text(""), output: output, passes: passes)
    switch job.source.storage {
    case .htmlText(let text): request.input = .text(text)
    case .htmlBytes(let bytes): request.input = .bytes(bytes)
    case .htmlFile(let file):
      guard let byteCount = file.regularFileBytes else {
        preconditionFailure("planned for a regular file")
      }
      request.input = .file(descriptor: file.descriptor, byteCount: byteCount)
      request.maximumInputBytes = file.maximumBytes
    case .markdownText, .markdownBytes, .markdownFile, .prepared: preconditionFailure("not HTML")
    }
    return request
  }

  // MARK: Writing

  /// The job's output of `document`, after the passes.
  private func write(_ document: consuming Document, job: RenderJob) throws(RenderError)
    -> RenderResult
  {
    let configuration = renderer.configuration
    // Markdown's document reads as its engine's HTML; imported HTML as HTML.
    let layout = job.source.isHTML ? HTMLLayout.html : engine.descriptor.htmlLayout
    switch job.output {
    case .fragment:
      return .fragment(Self.fragment(of: document, layout: layout, engineID: engine.descriptor.id))
    case .page(let fileName):
      return .page(
        HTMLPage(
          fragment: Self.fragment(of: document, layout: layout, engineID: engine.descriptor.id),
          stylesheet: renderer.stylesheet, title: TitlePass.title(of: document),
          fileName: fileName, language: configuration.language, baseURL: configuration.baseURL,
          colorScheme: configuration.pageColorScheme))
    case .document:
      return .document(document)
    case .styledText, .plainText, .json, .terminal:
      let styles = try renderer.stylesheet.cascade(
        document, colorScheme: configuration.colorScheme,
        linkedStylesheetFolder: job.linkedStylesheetFolder)
      switch job.output {
      case .plainText: return .bytes(Data(StyledText.plainTextUTF8(of: document, styles: styles)))
      case .json: return .bytes(Data(StyledText.jsonUTF8(of: document, styles: styles)))
      default: break
      }
      let styled = StyledText(document: document, styles: styles)
      switch job.output {
      case .terminal(let terminal):
        return .bytes(
          Data(
            try terminal.renderUTF8(
              styled,
              maximumBytes: job.maximumOutputBytes
                ?? configuration.limits.maximumOutputBytes(forInputBytes: job.source.byteCount))))
      default: return .styledText(styled)
      }
    }
  }

  /// The document written as an HTML fragment: the one serializer.
  static func fragment(of document: Document, layout: HTMLLayout, engineID: String)
    -> HTMLFragment
  {
    HTMLFragment(
      bytes: HTMLSerializer.fragmentUTF8(of: document, layout: layout), engineID: engineID)
  }
}
