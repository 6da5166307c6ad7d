import RenderCore

/// The cascade's result for a document: a computed style for every node.
///
/// Styles are interned: nodes that compute the same style share one entry, which keeps the
/// result compact and lets consumers compare styles by index.
///
/// ```swift
/// let styles = stylesheet.cascade(document, colorScheme: .light)
/// styles[node].fontWeight  // 700 inside <b>
/// ```
public struct CascadedStyles: Sendable, Hashable {
  /// The distinct computed styles.
  public let uniqueStyles: [ComputedStyle]
  /// For each node of the document, the index of its style in ``uniqueStyles``.
  public let styleIndices: [Int32]

  /// Creates the result from interned styles and a per-node index.
  public init(uniqueStyles: [ComputedStyle], styleIndices: [Int32]) {
    self.uniqueStyles = uniqueStyles
    self.styleIndices = styleIndices
  }

  /// The computed style of `node` (a text node has its parent's style).
  public subscript(node: Document.NodeID) -> ComputedStyle {
    uniqueStyles[Int(styleIndices[node])]
  }
}
