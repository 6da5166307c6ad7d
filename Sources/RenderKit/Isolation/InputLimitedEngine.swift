import Foundation
import RenderCore

/// An engine run in the host with ``RenderLimits/maximumInputBytes`` enforced before it sees
/// the input. (A deadline needs ``IsolatedEngine``: a thread cannot be stopped safely.)
///
/// It takes bytes as the wrapped engine does: as they are when the engine takes bytes, else
/// decoded.
///
/// ```swift
/// let engine = InputLimitedEngine(CMarkEngine(), limits: RenderLimits(maximumInputBytes: 1 << 20))
/// ```
package struct InputLimitedEngine: MarkdownEngine, UTF8MarkdownEngine {
  /// The engine that renders.
  package let engine: any MarkdownEngine
  /// The limits applied before each render.
  package let limits: RenderLimits

  /// Wraps `engine` with `limits`.
  package init(_ engine: any MarkdownEngine, limits: RenderLimits) {
    self.engine = engine
    self.limits = limits
  }

  /// The wrapped engine's descriptor.
  package var descriptor: EngineDescriptor { engine.descriptor }

  /// Checks the input against the limits, then renders with the wrapped engine.
  package func render(_ markdown: String, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    try limits.checkInput(markdown)
    return try engine.render(markdown, options: options)
  }

  /// Checks the input against the limits, then builds the document with the wrapped engine.
  package func document(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try limits.checkInput(markdown)
    return try engine.document(markdown, options: options, importer: importer)
  }

  /// Checks the bytes against the limits, then renders them with the wrapped engine.
  package func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    try limits.checkInput(byteCount: markdown.count)
    guard let bytesEngine = engine as? any UTF8MarkdownEngine else {
      return try engine.render(MarkdownInput.decode(markdown), options: options)
    }
    return try bytesEngine.render(utf8: markdown, options: options)
  }

  /// Checks the bytes against the limits, then builds their document with the wrapped engine.
  package func document(
    utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try limits.checkInput(byteCount: markdown.count)
    guard let bytesEngine = engine as? any UTF8MarkdownEngine else {
      return try engine.document(
        MarkdownInput.decode(markdown), options: options, importer: importer)
    }
    return try bytesEngine.document(utf8: consume markdown, options: options, importer: importer)
  }
}

extension InputLimitedEngine: CodeReplacingEngine {
  /// Checks the input against the limits, then renders it with the wrapped engine replacing
  /// code; nil when the wrapped engine does not replace code.
  package func render(
    source: consuming MarkdownSource, options: RenderOptions,
    replacing replacement: any CodeReplacement
  ) throws(RenderError) -> HTMLFragment? {
    guard let replacing = engine as? any CodeReplacingEngine else { return nil }
    try limits.checkInput(byteCount: source.byteCount)
    return try replacing.render(source: source, options: options, replacing: replacement)
  }
}
