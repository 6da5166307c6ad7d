import Foundation
import RenderCore

/// The md4c engine: libmd4c, a CommonMark 0.30 push parser and the fastest engine here.
///
/// md4c has no tree: it calls back as it parses. The engine writes HTML from those calls
/// (md_html's output, with the URL rule and hard breaks added; see `MD4CHTMLWriter`) and
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
    var descriptor = EngineDescriptor(
      id: "md4c", displayName: "md4c (CommonMark push parser)",
      libraryVersion: MD4CParser.libraryVersion,
      features: [.rawHTML, .hardLineBreaks, .tables, .strikethrough, .autolinks, .taskLists],
      isSafeOnHostileInput: false, concurrency: .parallel)
    descriptor.htmlLayout = .md4c
    return descriptor
  }

  /// Renders `markdown` with libmd4c; see ``MarkdownEngine/render(_:options:)``.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try render(source: .text(markdown), options: options)
  }

  /// Builds the document from md4c's callbacks in one pass; see
  /// ``MarkdownEngine/document(_:options:importer:)``. Raw HTML with `unsafe` is the one case
  /// that renders HTML and imports it with `importer`; through the allowlist it is the hub's.
  public func document(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try document(source: .text(markdown), options: options, importer: importer)
  }

  /// ``render(_:options:)`` of `source`.
  private func render(source: consuming MarkdownSource, options: RenderOptions)
    throws(RenderError) -> HTMLFragment
  {
    try checkSupport(of: options)
    return try Self.withInput(source) { markdown throws(RenderError) in
      try Self.html(of: markdown, options: options)
    }
  }

  /// ``document(_:options:importer:)`` of `source`.
  private func document(
    source: consuming MarkdownSource, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try checkSupport(of: options)
    let flags = MD4CParser.flags(for: options.documentParsing)
    return try Self.withInput(source) { markdown throws(RenderError) in
      var builder = MD4CDocumentBuilder(options: options, markdownLength: markdown.count)
      let parsed = MD4CParser.parse(markdown, flags: flags, into: &builder)
      if builder.stoppedAtRawHTML {
        return try importer.importDocument(fragment: Self.html(of: markdown, options: options))
      }
      guard parsed else { throw Self.failure }
      return builder.finish()
    }
  }

  /// The engine's HTML of prepared `markdown`, which is followed in memory by a NUL.
  private static func html(of markdown: UnsafeBufferPointer<UInt8>, options: RenderOptions)
    throws(RenderError) -> HTMLFragment
  {
    var writer = MD4CHTMLWriter(options: options, inputCount: markdown.count)
    guard MD4CParser.parse(markdown, flags: MD4CParser.flags(for: options), into: &writer) else {
      throw failure
    }
    return HTMLFragment(bytes: writer.finish(), engineID: "md4c")
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

  /// md4c's own renderer, `md_html`, on `markdown` as it is, with md4c's `flags` (see
  /// ``flags(for:)``): the same call on bytes, for a caller that times the library alone.
  /// `markdown` must be followed in memory by a NUL, as ``MD4CParser`` says.
  package static func libraryHTML(_ markdown: UnsafeBufferPointer<UInt8>, flags: UInt32)
    -> HTMLBytes
  {
    MD4CParser.libraryHTML(markdown, flags: flags)
  }

  private static let failure = RenderError.engineFailed(
    engine: "md4c", detail: "libmd4c stopped parsing (out of memory?); try a smaller input")

  /// Calls `body` with the input md4c receives: prepared, followed in memory by a NUL (see
  /// ``MD4CParser``), and within what its 32-bit sizes can hold.
  private static func withInput<Result>(
    _ source: consuming MarkdownSource,
    _ body: (UnsafeBufferPointer<UInt8>) throws(RenderError) -> Result
  ) throws(RenderError) -> Result {
    try source.withNULTerminatedPreparedBytes { markdown throws(RenderError) in
      guard markdown.count <= Int(UInt32.max) else {
        throw .limitExceeded(
          limit: "md4c input bytes", value: markdown.count, maximum: Int(UInt32.max))
      }
      return try body(markdown)
    }
  }
}

extension MD4CEngine: UTF8MarkdownEngine {
  /// ``render(_:options:)`` of the bytes decoded; bytes that need no repair go to libmd4c
  /// with one copy that ends in a NUL, with no `String` built from them.
  package func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    try render(source: .utf8(consume markdown), options: options)
  }

  /// ``document(_:options:importer:)`` of the bytes decoded, parsed as
  /// ``render(utf8:options:)`` parses them.
  package func document(
    utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try document(source: .utf8(consume markdown), options: options, importer: importer)
  }
}
