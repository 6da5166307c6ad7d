import RenderCore

/// Gives every heading an anchor `id` and, when the options ask, puts the table of contents
/// in the document (``Outline``, ``TableOfContents``): active with
/// ``RenderOptions/headingAnchors`` or ``RenderOptions/tableOfContents``.
public struct HeadingAnchorsPass: DocumentPass {
  /// `"heading-anchors"`.
  public let id = "heading-anchors"

  /// Creates the pass.
  public init() {}

  /// Whether anchors or a table of contents are asked for.
  public func isActive(in context: DocumentPassContext) -> Bool {
    context.options.anchorsHeadings
  }

  /// Sets the anchors (after the context's ``DocumentPassContext/idPrefix``) and places the
  /// table of contents of the configured levels.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    let outline = Outline(document: document, anchorPrefix: context.idPrefix)
    let contents =
      context.options.tableOfContents
      ? TableOfContents(outline: outline, levels: context.options.tableOfContentsLevels) : nil
    document = outline.applying(to: document, tableOfContents: contents)
  }
}
