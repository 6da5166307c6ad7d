import Foundation
import RenderCore

/// The md4c engine: libmd4c, a CommonMark 0.30 push parser and the fastest engine here.
///
/// md4c has no tree: it calls back as it parses. The engine writes HTML from those calls
/// (md_html's output, with the URL rule and hard breaks added; see ``MD4CHTMLWriter``) and
/// builds the ``Document`` from them in the same pass, without HTML. It keeps no global state,
/// so calls run in parallel.
///
/// ```swift
/// var options = RenderOptions()
/// options.extensions = [.tables, .taskLists]
/// let html = try MD4CEngine().render("- [x] done", options: options)
/// ```
public struct MD4CEngine: MarkdownEngine {
  /// Creates the engine; it holds no state.
  public init() {}

  /// md4c's identity, run-time library version and features.
  public var descriptor: EngineDescriptor {
    EngineDescriptor(
      id: "md4c", displayName: "md4c (CommonMark push parser)",
      libraryVersion: MD4CParser.libraryVersion,
      features: [.rawHTML, .hardLineBreaks, .tables, .strikethrough, .autolinks, .taskLists],
      isSafeOnHostileInput: false, concurrency: .parallel)
  }

  /// Renders `markdown` with libmd4c; see ``MarkdownEngine/render(_:options:)``.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try checkSupport(of: options)
    var markdown = try Self.prepare(markdown)
    guard let fragment = markdown.withUTF8({ Self.html(of: $0, options: options) }) else {
      throw Self.failure
    }
    return fragment
  }

  /// Builds the document from md4c's callbacks in one pass; see
  /// ``MarkdownEngine/document(_:options:importer:)``. Raw HTML (only with `unsafe`) is the
  /// one case that renders HTML and imports it with `importer`.
  public func document(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try checkSupport(of: options)
    var markdown = try Self.prepare(markdown)
    let pass = markdown.withUTF8 { Self.documentPass(over: $0, options: options) }
    return try pass.document(importer: importer)
  }

  /// The HTML of prepared `bytes`; nil when md4c stopped parsing.
  private static func html(
    of bytes: UnsafeBufferPointer<UInt8>, options: RenderOptions
  ) -> HTMLFragment? {
    var writer = MD4CHTMLWriter(options: options, inputCount: bytes.count)
    guard MD4CParser.parse(bytes, flags: flags(for: options), into: &writer) else { return nil }
    return HTMLFragment(bytes: writer.finish(), engineID: "md4c")
  }

  /// What one pass of the document builder over prepared bytes gave.
  private enum DocumentPass {
    /// The document.
    case document(Document)
    /// Raw HTML stopped the builder: the HTML of the same bytes, to import.
    case rawHTML(HTMLFragment)
    /// md4c stopped parsing.
    case failed

    func document(importer: any HTMLImporting) throws(RenderError) -> Document {
      switch self {
      case .document(let document): return document
      case .rawHTML(let fragment): return try importer.importDocument(fragment: fragment)
      case .failed: throw MD4CEngine.failure
      }
    }
  }

  private static func documentPass(
    over bytes: UnsafeBufferPointer<UInt8>, options: RenderOptions
  ) -> DocumentPass {
    var builder = MD4CDocumentBuilder(options: options, markdownLength: bytes.count)
    let parsed = MD4CParser.parse(bytes, flags: flags(for: options), into: &builder)
    if builder.stoppedAtRawHTML {
      return html(of: bytes, options: options).map(DocumentPass.rawHTML) ?? .failed
    }
    return parsed ? .document(builder.finish()) : .failed
  }

  /// md4c's parser flags for `options`.
  package static func flags(for options: RenderOptions) -> UInt32 {
    MD4CParser.flags(for: options)
  }

  /// md4c's own renderer, `md_html`, on prepared input: the reference the engine's HTML is
  /// compared with (it differs only as ``MD4CHTMLWriter`` lists).
  package static func libraryHTML(_ markdown: String, options: RenderOptions) -> HTMLFragment {
    var markdown = MarkdownInput.prepare(markdown)
    let bytes = markdown.withUTF8 { MD4CParser.libraryHTML($0, flags: flags(for: options)) }
    return HTMLFragment(bytes: bytes, engineID: "md4c")
  }

  /// The bare `md_html` call into one growing buffer, freed, with no String produced: the
  /// benchmark's floor.
  package static func renderRawBaseline(_ bytes: UnsafeBufferPointer<UInt8>, flags: UInt32) -> Int {
    MD4CParser.libraryHTMLLength(bytes, flags: flags)
  }

  private static let failure = RenderError.engineFailed(
    engine: "md4c", detail: "libmd4c stopped parsing (out of memory?); try a smaller input")

  /// The input md4c receives, within what its 32-bit sizes can hold.
  private static func prepare(_ markdown: String) throws(RenderError) -> String {
    let prepared = MarkdownInput.prepare(markdown)
    try checkSize(prepared.utf8.count)
    return prepared
  }

  private static func checkSize(_ bytes: Int) throws(RenderError) {
    guard bytes <= Int(UInt32.max) else {
      throw .limitExceeded(limit: "md4c input bytes", value: bytes, maximum: Int(UInt32.max))
    }
  }
}

extension MD4CEngine: UTF8MarkdownEngine {
  /// ``render(_:options:)`` of the bytes decoded; bytes that need no repair go to libmd4c as
  /// they are, with no `String` built from them.
  package func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    guard !markdown.isEmpty, markdown.withUnsafeBytes(MarkdownInput.isPrepared) else {
      return try render(MarkdownInput.decode(markdown), options: options)
    }
    try checkSupport(of: options)
    try Self.checkSize(markdown.count)
    let fragment = markdown.withUnsafeBytes {
      Self.html(of: $0.assumingMemoryBound(to: UInt8.self), options: options)
    }
    guard let fragment else { throw Self.failure }
    return fragment
  }

  /// ``document(_:options:importer:)`` of the bytes decoded, parsed as
  /// ``render(utf8:options:)`` parses them.
  package func document(
    utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    guard !markdown.isEmpty, markdown.withUnsafeBytes(MarkdownInput.isPrepared) else {
      return try document(MarkdownInput.decode(markdown), options: options, importer: importer)
    }
    try checkSupport(of: options)
    try Self.checkSize(markdown.count)
    let pass = markdown.withUnsafeBytes {
      Self.documentPass(over: $0.assumingMemoryBound(to: UInt8.self), options: options)
    }
    return try pass.document(importer: importer)
  }
}
