import RenderCore

/// The cascade's result for a document: a computed style for every node.
///
/// Styles are interned: nodes that compute the same style share one entry, which keeps the
/// result compact and lets consumers compare styles by index.
///
/// ```swift
/// let styles = try stylesheet.cascade(document, colorScheme: .light)
/// styles[node].fontWeight  // 700 inside <b>
/// ```
public struct CascadedStyles: Sendable, Hashable {
  /// The distinct computed styles.
  public let uniqueStyles: [ComputedStyle]
  /// For each node of the document, the index of its style in ``uniqueStyles``.
  public let styleIndices: [Int32]
  /// The matching steps the cascade took (see ``Stylesheet/maximumCascadeWork``); not part of
  /// equality.
  package var matchingWork = 0
  /// What the document's own `<style>` elements dropped, in document order; not part of
  /// equality.
  public internal(set) var documentDiagnostics: [StylesheetDiagnostic] = []

  /// Creates the result from interned styles and a per-node index.
  public init(uniqueStyles: [ComputedStyle], styleIndices: [Int32]) {
    self.uniqueStyles = uniqueStyles
    self.styleIndices = styleIndices
  }

  /// Equal when styles and indices are.
  public static func == (lhs: CascadedStyles, rhs: CascadedStyles) -> Bool {
    lhs.uniqueStyles == rhs.uniqueStyles && lhs.styleIndices == rhs.styleIndices
  }

  /// Hashes styles and indices.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(uniqueStyles)
    hasher.combine(styleIndices)
  }

  /// The computed style of `node` (a text node has its parent's style).
  public subscript(node: Document.NodeID) -> ComputedStyle {
    uniqueStyles[Int(styleIndices[node])]
  }
}
