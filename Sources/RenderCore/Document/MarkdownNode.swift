/// A container node of a Markdown tree, as an engine reports it to a
/// ``MarkdownDocumentBuilder``: each becomes the HTML element the engine's own renderer writes.
///
/// Leaf nodes (text, code, breaks, code blocks, rules, raw HTML) have methods of their own on
/// the builder; nodes only one engine has use ``element(name:attributes:)``.
package enum MarkdownNode: Sendable, Hashable {
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
  /// `<a href title>`: `destination` as the Markdown gave it (the builder applies the URL rule
  /// and the engine's escaping), `title` empty when there is none.
  case link(destination: String, title: String)
  /// `<img src alt title>`: the alt text is the plain text of the node's children.
  case image(source: String, title: String)
  /// Any other element, written as given: `name` lower-case, attributes final.
  case element(name: String, attributes: [DocumentNode.Attribute])
}
