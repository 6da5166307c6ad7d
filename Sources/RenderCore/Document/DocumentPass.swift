import Foundation

/// A step over the ``Document`` between parsing and the cascade: what heading anchors, the
/// table of contents and the page title are made by, and what an app adds (rewriting link
/// targets, numbering figures).
///
/// A renderer runs its passes in order, each on the previous one's document, for every
/// output: the page, styled text, JSON, plain text and the terminal all show what the passes
/// made. When a pass is active, an HTML fragment is the document serialised rather than the
/// engine's own HTML, so that it shows it too; a pass that is not active costs nothing.
///
/// ```swift
/// struct HTTPSLinks: DocumentPass {
///   let id = "https-links"
///   func isActive(in context: DocumentPassContext) -> Bool { true }
///   func apply(to document: inout Document, in context: DocumentPassContext) {
///     for id in document.nodes.indices {
///       guard let href = document.nodes[id].attribute("href"), href.hasPrefix("http:") else {
///         continue
///       }
///       document.setAttribute("href", to: "https:" + href.dropFirst(5), of: id)
///     }
///   }
/// }
/// let renderer = try Renderer(configuration: configuration, passes: [HTTPSLinks()])
/// ```
public protocol DocumentPass: Sendable {
  /// A short name for diagnostics, e.g. `"heading-anchors"`.
  var id: String { get }

  /// Whether the pass has work to do for this render. An inactive pass is skipped, and does
  /// not make an HTML fragment the document serialised.
  func isActive(in context: DocumentPassContext) -> Bool

  /// Changes `document` as the pass does; errors are reported as the render's.
  func apply(to document: inout Document, in context: DocumentPassContext) throws(RenderError)

  /// Whether the pass rewrites Markdown before the engine parses it (syntax no engine knows,
  /// such as math): the text is then read in the host, and ``prepare(markdown:in:)`` runs.
  var preparesMarkdown: Bool { get }

  /// Whether Markdown read as these UTF-8 bytes may hold anything the pass changes: a cheap
  /// look (a byte search) before any parse, so that a document with none keeps its fast paths
  /// (a fragment stays the engine's own HTML; bytes are neither decoded nor kept in the host).
  /// The answer must never be false for Markdown the pass would change; true is always safe.
  func mayChange(markdownUTF8 markdown: Data) -> Bool

  /// The Markdown rewritten for the engine, or nil when there is nothing of the pass's in it:
  /// the pass then does not run for this render. Only called when ``preparesMarkdown``.
  func prepare(markdown: String, in context: DocumentPassContext) -> String?

  /// ``prepare(markdown:in:)`` of Markdown that reaches the engine as UTF-8 bytes (no front
  /// matter can open, no contents marker is rewritten): the bytes rewritten, or nil when there
  /// is nothing of the pass's in them. A pass that reads bytes itself spares megabytes of
  /// Markdown a decoding and a copy made for it alone.
  func prepare(markdownUTF8 markdown: Data, in context: DocumentPassContext) -> Data?
}

extension DocumentPass {
  /// False: most passes work on the document alone.
  public var preparesMarkdown: Bool { false }

  /// True: the pass may change any document.
  public func mayChange(markdownUTF8 markdown: Data) -> Bool { true }

  /// Nil: nothing to rewrite.
  public func prepare(markdown: String, in context: DocumentPassContext) -> String? { nil }

  /// ``prepare(markdown:in:)`` of the bytes decoded, encoded again.
  public func prepare(markdownUTF8 markdown: Data, in context: DocumentPassContext) -> Data? {
    prepare(markdown: MarkdownInput.decode(markdown), in: context).map { Data($0.utf8) }
  }
}

/// What a ``DocumentPass`` knows of the render it is part of.
public struct DocumentPassContext: Sendable {
  /// The options of the render.
  public var options: RenderOptions
  /// Put in front of every `id` a pass makes: empty, or `user-content-` when the HTML is
  /// sanitized (as GitHub does), so that new ids cannot clobber names a host page's scripts use.
  public var idPrefix: String
  /// The title the configuration gives, if any.
  public var configuredTitle: String?
  /// Whether the render makes a standalone page (which needs a title).
  public var makesPage: Bool

  /// Creates a context.
  public init(
    options: RenderOptions, idPrefix: String = "", configuredTitle: String? = nil,
    makesPage: Bool = false
  ) {
    self.options = options
    self.idPrefix = idPrefix
    self.configuredTitle = configuredTitle
    self.makesPage = makesPage
  }
}
