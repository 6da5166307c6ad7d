/// An engine that writes its own HTML with the code spans and code blocks a
/// ``CodeReplacement`` renders replaced by that HTML: one parse and one walk of its tree, where
/// the document route parses, builds a ``Document``, runs the pass and serialises.
///
/// The pipeline uses it for an HTML fragment whose active passes are all ``CodeReplacement``s,
/// the engine runs in-process and nothing sanitizes its HTML: the fragment is then what the
/// engine writes without the passes, with the passes' HTML in place of their code.
package protocol CodeReplacingEngine: MarkdownEngine {
  /// ``MarkdownEngine/render(_:options:)`` of `source`, with the code `replacement` renders
  /// written as its HTML; nil when the tree would not take a replacement where it belongs,
  /// holds raw HTML (which the document route writes differently: omitted without a comment,
  /// or imported), or (for an engine that wraps another) the engine cannot replace code: the
  /// caller then takes the document route.
  func render(
    source: consuming MarkdownSource, options: RenderOptions,
    replacing replacement: any CodeReplacement
  ) throws(RenderError) -> HTMLFragment?
}

extension CodeReplacingEngine {
  /// ``render(source:options:replacing:)`` of the text `markdown`.
  package func render(
    _ markdown: consuming String, options: RenderOptions, replacing replacement: any CodeReplacement
  ) throws(RenderError) -> HTMLFragment? {
    try render(source: .text(markdown), options: options, replacing: replacement)
  }
}
