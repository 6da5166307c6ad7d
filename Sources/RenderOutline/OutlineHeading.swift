import RenderCore

/// One heading of a document, as the outline sees it: its level, its text and its anchor.
public struct OutlineHeading: Sendable, Hashable {
  /// 1 for `h1` … 6 for `h6`.
  public var level: Int
  /// The heading's text, white space collapsed to single spaces and trimmed.
  public var text: String
  /// The heading's `id`: the one it had, else its slug (with the outline's prefix).
  public var anchor: String
  /// The heading element in the document the outline was made from.
  public var node: Document.NodeID

  /// Creates a heading entry.
  public init(level: Int, text: String, anchor: String, node: Document.NodeID) {
    self.level = level
    self.text = text
    self.anchor = anchor
    self.node = node
  }
}
