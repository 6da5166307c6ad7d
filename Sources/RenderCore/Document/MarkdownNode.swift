/// A container node of a Markdown tree, as an engine reports it to a
/// ``MarkdownDocumentBuilder``: each becomes the HTML element the engine's own renderer writes.
///
/// Leaf nodes (text, code, breaks, code blocks, rules, raw HTML) and the nodes that carry the
/// input's bytes (links, images) have methods of their own on the builder; nodes only some
/// engines have use ``element(_:attributes:)``.
package enum MarkdownNode: Sendable, Hashable {
  /// An attribute an engine writes with a fixed value (`align="left"`, `type="checkbox"`).
  package struct Attribute: Sendable, Hashable {
    /// The attribute's name.
    package let name: DocumentName
    /// Its value, final.
    package let value: String

    package init(_ name: DocumentName, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// `<blockquote>`.
  case blockQuote
  /// `<ul>`, or `<ol>` with `start` when it is not 1. Paragraphs directly inside the items of a
  /// tight list are not written, as every engine's renderer does.
  case list(ordered: Bool, start: Int, tight: Bool)
  /// `<li>`.
  case item
  /// `<p>`.
  case paragraph
  /// `<h1>` … `<h6>`.
  case heading(level: Int)
  /// `<em>`.
  case emphasis
  /// `<strong>`.
  case strong
  /// `<del>`.
  case strikethrough
  /// Any other element, written as given: attributes final. An engine keeps the arrays it
  /// passes in constants, so that entering a table cell allocates nothing.
  case element(DocumentName, attributes: [Attribute] = [])
}
