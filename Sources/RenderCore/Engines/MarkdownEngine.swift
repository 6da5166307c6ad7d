/// A Markdown engine: a C library behind an engine-neutral interface.
///
/// An engine has two outputs. HTML comes from the library's own renderer (the conformance
/// reference); the ``Document`` is the hub every structured output (styled text, titles,
/// anchors, tables of contents) is built from. Engines whose library has a node tree (or a
/// push parser) build the document directly; the default renders HTML and imports it.
///
/// Engines are values; calling one from many tasks at once is safe (an engine whose
/// library is not thread-safe serialises its calls itself and says so in its descriptor).
///
/// ```swift
/// let engine: any MarkdownEngine = registry.engine(id: "cmark")
/// let fragment = try engine.render("# Hello", options: RenderOptions())
/// print(fragment.html)  // <h1>Hello</h1>
/// let document = try engine.document("# Hello", options: RenderOptions(), importer: importer)
/// ```
public protocol MarkdownEngine: Sendable {
  /// What the engine is, which library version it runs, and what it supports.
  var descriptor: EngineDescriptor { get }

  /// Renders Markdown to an HTML fragment.
  ///
  /// Throws ``RenderError/unsupportedFeature(_:engine:supportedBy:)`` when the options ask
  /// for a feature the descriptor does not list. The text is the engine's to keep: an engine
  /// that builds a tree may free it once parsed, before writing the HTML, when the caller
  /// passes its only copy (`consume text`).
  func render(_ markdown: consuming String, options: RenderOptions) throws(RenderError)
    -> HTMLFragment

  /// Builds the document that the engine's HTML describes: the same elements, attributes and
  /// text an import of ``render(_:options:)``'s output gives (`html` and `body` included), so
  /// that styled text is the same on either path.
  ///
  /// `importer` parses what only HTML can say (raw HTML the options let through); engines
  /// without a tree import their whole output with it. The text is the engine's to keep, as
  /// in ``render(_:options:)``.
  func document(
    _ markdown: consuming String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document
}

extension MarkdownEngine {
  /// Renders HTML and imports it: the path for engines without a node tree.
  public func document(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try importer.importDocument(fragment: render(markdown, options: options))
  }

  /// Throws when `options` need a feature this engine lacks; `registry` names the engines that have it.
  public func checkSupport(
    of options: RenderOptions, in registry: EngineRegistry? = nil
  ) throws(RenderError) {
    let required = options.requiredFeatures
    guard !required.isEmpty else { return }
    // Read once: an engine's descriptor is built on every read, and every render checks.
    let descriptor = descriptor
    for feature in required where !descriptor.features.contains(feature) {
      throw .unsupportedFeature(
        feature, engine: descriptor.id, supportedBy: registry?.engineIDs(supporting: feature) ?? [])
    }
  }
}
