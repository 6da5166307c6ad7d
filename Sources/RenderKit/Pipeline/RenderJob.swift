import Foundation
import RenderCore
import RenderTerminal

/// One render as a value: where the document comes from and what to make of it. A
/// ``Renderer`` runs it (`run(_:)`) with its engine, options, passes and
/// stylesheet; the same job gives the same output in the host or in a worker.
///
/// ```swift
/// let job = RenderJob(.markdown("# Hi"), to: .page(fileName: "hi.md"))
/// let page = try renderer.run(job).page
/// let styled = try renderer.run(RenderJob(.html(data: bytes), to: .styledText)).styledText
/// ```
public struct RenderJob: Sendable {
  /// Markdown or HTML, as text, as the bytes it was read as, or as a file to read.
  public struct Source: Sendable {
    enum Storage: Sendable {
      case markdownText(String)
      case markdownBytes(Data)
      case markdownFile(InputFile)
      case htmlText(String)
      case htmlBytes(Data)
      case htmlFile(InputFile)
      /// Markdown already through the prepare step: the engine's text and the metadata.
      case prepared(body: String, metadata: [String: MetadataValue])
    }
    let storage: Storage

    /// Markdown text.
    public static func markdown(_ text: String) -> Source { Source(storage: .markdownText(text)) }

    /// Markdown as UTF-8 bytes (a file's contents, say), decoded as `MarkdownInput.decode(_:)`
    /// does: invalid UTF-8 becomes U+FFFD. An engine in a worker gets the bytes as they are
    /// when nothing in the host needs the text.
    public static func markdown(utf8: Data) -> Source { Source(storage: .markdownBytes(utf8)) }

    /// A Markdown file, which an engine in a worker reads itself when nothing in the host needs
    /// the text (the host then never holds its bytes).
    package static func markdown(file: InputFile) -> Source {
      Source(storage: .markdownFile(file))
    }

    /// HTML text, from any source.
    public static func html(_ text: String) -> Source { Source(storage: .htmlText(text)) }

    /// HTML bytes, decoded as a browser would (byte-order mark, then `<meta charset>`, else
    /// UTF-8): the form for files read from disk.
    public static func html(data: some Collection<UInt8>) -> Source {
      // Data (a file's contents) is kept as it is, not copied.
      Source(storage: .htmlBytes(data as? Data ?? Data(data)))
    }

    /// An HTML file, decoded as ``html(data:)`` decodes it, which the importer's worker reads
    /// itself when it makes the output whole (the host then never holds its bytes).
    package static func html(file: InputFile) -> Source { Source(storage: .htmlFile(file)) }

    /// Whether the source is HTML rather than Markdown.
    var isHTML: Bool {
      switch storage {
      case .htmlText, .htmlBytes, .htmlFile: true
      case .markdownText, .markdownBytes, .markdownFile, .prepared: false
      }
    }

    /// The input's size in bytes, for the output cap.
    var byteCount: Int {
      switch storage {
      case .markdownText(let text), .htmlText(let text), .prepared(let text, _): text.utf8.count
      case .markdownBytes(let bytes), .htmlBytes(let bytes): bytes.count
      case .markdownFile(let file), .htmlFile(let file): file.regularFileBytes ?? 0
      }
    }
  }

  /// What the render makes.
  public enum Output: Sendable {
    /// An HTML fragment: the engine's own HTML when no document pass is active (the
    /// conformance reference), else the document serialised.
    case fragment
    /// A standalone page with the stylesheet embedded, titled by ``TitlePass``; `fileName`
    /// is the title of last resort.
    case page(fileName: String? = nil)
    /// The ``Document``, after the passes.
    case document
    /// Styled text: the document styled by the stylesheet in the configured colour scheme.
    case styledText
    /// The styled text's plain text.
    case plainText
    /// The styled text as JSON (``StyledText/jsonData()``).
    case json
    /// The styled text laid out for a terminal.
    case terminal(TerminalRenderer)
  }

  /// Where the document comes from.
  public var source: Source
  /// What to make of it.
  public var output: Output
  /// For HTML input: the folder the document came from, granted by the caller, whose
  /// `<link rel="stylesheet">` files inside it are applied after the document's `<style>`s.
  public var linkedStylesheetFolder: URL?
  /// Where a worker writes a fragment or terminal output itself (a regular file or
  /// `/dev/null`), so that the host never holds it; the result is then ``RenderResult/written``.
  package var destination: OutputFile?
  /// The most terminal output the job may make, when not the configured limits' for its
  /// input: a worker's output cap.
  package var maximumOutputBytes: Int?

  /// A job making `output` of `source`.
  public init(_ source: Source, to output: Output, linkedStylesheetFolder: URL? = nil) {
    self.source = source
    self.output = output
    self.linkedStylesheetFolder = linkedStylesheetFolder
  }
}
