/// A Markdown-to-HTML engine: a C library behind an engine-neutral interface.
///
/// Engines are values; calling one from many tasks at once is safe (an engine whose
/// library is not thread-safe serialises its calls itself and says so in its descriptor).
///
/// ```swift
/// let engine: any MarkdownEngine = registry.engine(id: "cmark")
/// let fragment = try engine.render("# Hello", options: RenderOptions())
/// print(fragment.html)  // <h1>Hello</h1>
/// ```
public protocol MarkdownEngine: Sendable {
  /// What the engine is, which library version it runs, and what it supports.
  var descriptor: EngineDescriptor { get }

  /// Renders Markdown to an HTML fragment.
  ///
  /// Throws ``RenderError/unsupportedFeature(_:engine:supportedBy:)`` when the options ask
  /// for a feature the descriptor does not list.
  func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
}

extension MarkdownEngine {
  /// Throws when `options` need a feature this engine lacks; `registry` names the engines that have it.
  public func checkSupport(
    of options: RenderOptions, in registry: EngineRegistry? = nil
  ) throws(RenderError) {
    for feature in options.requiredFeatures where !descriptor.features.contains(feature) {
      throw .unsupportedFeature(
        feature, engine: descriptor.id, supportedBy: registry?.engineIDs(supporting: feature) ?? [])
    }
  }
}
