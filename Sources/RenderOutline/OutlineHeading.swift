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

  /// 1–6 when `name` is `h1`…`h6`, else nil.
  static func level(ofElement name: String) -> Int? {
    let bytes = Array(name.utf8)
    guard bytes.count == 2, bytes[0] == UInt8(ascii: "h"), (0x31...0x36).contains(bytes[1]) else {
      return nil
    }
    return Int(bytes[1] - 0x30)
  }
}
