import FrontMatter
import RenderCore
import RenderOutline

/// What a render does, decided once before anything runs: where the input is parsed, what
/// the output is made from, which passes run, whether the sanitizer runs, what is written.
/// ``RenderPipeline`` makes one per job and then only carries it out, in the host or in a
/// worker (which plans the job it is sent again, with its own in-process engine). The rules:
/// - A Markdown fragment with no active pass that can change this input is the engine's own
///   HTML, byte for byte (the conformance reference), and no document is built.
/// - A fragment whose passes only render code of their own (math, highlighting:
///   ``RenderCore/CodeReplacement``) is the engine's own HTML with that code replaced, when
///   the engine can do it in-process (``RenderCore/CodeReplacingEngine``).
/// - Every other output of Markdown, and HTML's styled outputs, are made from the document.
/// - HTML's fragment is the HTML itself, and a page's body too (its document is imported
///   for the title alone); both sanitized unless the configuration says `unsafe` and not
///   `sanitize`.
/// - A worker makes the output whole, passes and all, by ``isMadeInWorker(_:renderer:passes:)``.
///
/// The plan is a pure function of the job, the renderer and the passes that may change this
/// input. The passes are screened on the input's bytes before the plan
/// (``RenderCore/DocumentPass/mayChange(markdownUTF8:)``, and the rewrite of the passes that
/// rewrite Markdown, whose finding nothing drops them too): the route depends on their
/// answers, and the rewrite's result is the very Markdown the engine then parses, so
/// screening inside the plan would do that work twice. Only whether the host looks at the
/// bytes at all comes first: a job a worker makes whole (``isMadeInWorker(_:renderer:passes:)``)
/// is screened there, and a file the engine's worker reads is read here only when a pass must
/// rewrite its Markdown anyway (its passes otherwise run unscreened on the worker's document).
package struct RenderPlan: Sendable {
  /// Where the input is parsed.
  package enum Place: Sendable, Equatable {
    /// In this process.
    case host
    /// In the engine's worker process.
    case engineWorker
    /// In the importer's (or the sanitizer's) worker process.
    case importerWorker
  }

  /// What the output is made from.
  package enum Route: Sendable, Equatable {
    /// The engine's own HTML, byte for byte: no active pass can change this input.
    case engineHTML
    /// The engine's own HTML with the code of the passes (math, highlighting) written as
    /// their HTML, in the engine's one walk: no document is built. The document route
    /// still, when that walk finds a tree that would not take a replacement where it belongs
    /// (raw HTML, a table cell): the engine's tree is needed to know.
    case engineHTMLWithCodeReplaced
    /// The ``Document``, after the passes.
    case document
    /// The HTML input itself (an HTML fragment, or a page's body), sanitized when
    /// ``RenderPlan/sanitizes``.
    case inputHTML
  }

  /// What is written: the job's output, without its parameters.
  package enum Output: Sendable, Equatable {
    /// An HTML fragment.
    case fragment
    /// A standalone page.
    case page
    /// The document after the passes.
    case document
    /// Styled text.
    case styledText
    /// The styled text's plain text.
    case plainText
    /// The styled text as JSON.
    case json
    /// The styled text laid out for a terminal.
    case terminal

    /// The kind of `output`.
    init(_ output: RenderJob.Output) {
      switch output {
      case .fragment: self = .fragment
      case .page: self = .page
      case .document: self = .document
      case .styledText: self = .styledText
      case .plainText: self = .plainText
      case .json: self = .json
      case .terminal: self = .terminal
      }
    }
  }

  /// Where the input is parsed.
  package var place: Place
  /// Whether the worker of ``place`` makes the output whole, passes and all, and the host
  /// only sends the input and receives the bytes.
  package var isMadeInWorker: Bool
  /// What the output is made from. For a job made in a worker, the route the host's passes
  /// give; the worker plans again on the bytes it reads and may find fewer passes.
  package var route: Route
  /// The passes that run, in order, by ``RenderCore/DocumentPass/id``.
  package var passIDs: [String]
  /// Whether the HTML input goes through the sanitizer. Markdown's raw HTML never does: the
  /// engine omits it, or its document builder puts it through GitHub's allowlist
  /// (``RenderCore/RenderOptions/allowsHTML``).
  package var sanitizes: Bool
  /// What is written.
  package var output: Output
  /// Whether a worker writes the output to the job's destination itself, so that the host
  /// never holds it.
  package var writesDestination: Bool

  /// The plan of `job` for `renderer`: `passes` are the active passes the host's screening
  /// left (all the active ones for a job made in a worker, which screens them itself), and
  /// `job`'s source is the Markdown as the screening left it (read, prepared or rewritten).
  init(
    job: RenderJob, renderer: Renderer, passes: [any DocumentPass], isMadeInWorker: Bool
  ) {
    self.isMadeInWorker = isMadeInWorker
    output = Output(job.output)
    passIDs = passes.map(\.id)
    writesDestination = false
    if job.source.isHTML {
      let configuration = renderer.configuration
      let importerPlace: Place = renderer.importer is IsolatedHTMLImporter ? .importerWorker : .host
      switch job.output {
      case .fragment, .page:
        // Trusted only when the app says so and does not also ask for sanitizing.
        sanitizes = !(configuration.options.unsafe && !configuration.sanitize)
        route = .inputHTML
        if case .page = job.output {
          // The page's document is imported only for its title.
          place = importerPlace
          passIDs = [TitlePass().id]
        } else {
          place = sanitizes && renderer.sanitizer is IsolatedHTMLSanitizer ? .importerWorker : .host
          passIDs = []
        }
      default:
        sanitizes = false
        route = .document
        place = importerPlace
      }
      return
    }
    sanitizes = false
    let contained = Self.engineWorker(taking: job.source, renderer: renderer)
    place = renderer.engine is IsolatedEngine ? .engineWorker : .host
    guard case .fragment = job.output else {
      route = .document
      writesDestination = isMadeInWorker && job.destination != nil
      return
    }
    if passes.isEmpty {
      route = .engineHTML
      // A file the engine's worker reads, it writes out too.
      if case .markdownFile = job.source.storage, contained {
        writesDestination = job.destination != nil
      }
    } else if Self.replacesCode(passes, renderer: renderer) {
      route = .engineHTMLWithCodeReplaced
    } else {
      route = .document
    }
    if isMadeInWorker { writesDestination = job.destination != nil }
  }

  /// Whether a worker makes the output of `job` whole, `passes` (the active ones, unscreened)
  /// included: the host then reads no file, rewrites no text and decodes no document.
  /// - Markdown: a fragment with an active pass, or terminal output, when the engine's
  ///   worker can take the Markdown as it is and every pass is built-in (``Renderer/isBuiltIn(_:)``,
  ///   the one rule of what a worker may finish). A render that continues a stream's heading
  ///   anchors keeps its passes in the host, where the ledger is.
  /// - HTML: plain text, JSON or terminal output, when the importer runs in a worker, every
  ///   pass is built-in and the host's own state does not enter the output (a configured
  ///   title, sanitizing, linked stylesheets read beside the input); a file only when regular.
  static func isMadeInWorker(
    _ job: RenderJob, renderer: Renderer, passes: [any DocumentPass]
  ) -> Bool {
    // The passes are asked last: an in-process render, every block of a stream, asks this.
    if job.source.isHTML {
      guard renderer.importer is IsolatedHTMLImporter, !renderer.configuration.sanitize,
        renderer.configuration.title == nil, job.linkedStylesheetFolder == nil
      else { return false }
      switch job.output {
      case .plainText, .json, .terminal: break
      default: return false
      }
      if case .htmlFile(let file) = job.source.storage, file.regularFileBytes == nil {
        return false
      }
      return passes.allSatisfy(Renderer.isBuiltIn)
    }
    switch job.output {
    case .fragment where !passes.isEmpty, .terminal: break
    default: return false
    }
    return engineWorker(taking: job.source, renderer: renderer)
      && HeadingAnchorLedger.current == nil && passes.allSatisfy(Renderer.isBuiltIn)
  }

  /// Whether the engine runs in a worker that can take `source` as it is: nothing in the host
  /// needs the text first (no front matter can open, a file is regular and its head is what
  /// is screened; no contents marker needs rewriting). False for text already prepared, and
  /// for HTML.
  static func engineWorker(taking source: RenderJob.Source, renderer: Renderer) -> Bool {
    guard renderer.engine is IsolatedEngine else { return false }
    switch source.storage {
    case .markdownFile(let file):
      // Front matter opens on the first line; a head cut inside a long first line can only
      // make a fence look possible, never hide one.
      return file.regularFileBytes != nil && !needsPreparing(file.head, renderer: renderer)
    case .markdownText(let text): return !needsPreparing(text.utf8, renderer: renderer)
    case .markdownBytes(let bytes): return !needsPreparing(bytes, renderer: renderer)
    case .prepared, .htmlText, .htmlBytes, .htmlFile: return false
    }
  }

  /// Whether the prepare step changes `markdown`: a front matter block may open at its start,
  /// or a contents marker needs rewriting. When it does not, the Markdown reaches the engine
  /// (or the worker) as it came.
  static func needsPreparing(_ markdown: some Collection<UInt8>, renderer: Renderer) -> Bool {
    renderer.options.tableOfContents
      || FrontMatterReader().mayRead(markdown, mode: renderer.options.frontMatter)
  }

  /// Whether a fragment of `passes` is the engine's own HTML with code replaced: each pass's
  /// whole change to a fragment is code of its own (``RenderCore/CodeReplacement``) and the
  /// engine, in this process, replaces code itself.
  static func replacesCode(_ passes: [any DocumentPass], renderer: Renderer) -> Bool {
    let replacements = passes.compactMap { $0 as? any CodeReplacement }
    return replacements.count == passes.count
      && CodeReplacementSequence(replacements).replacesCode(with: renderer.options)
      && renderer.engine is any CodeReplacingEngine
  }
}
