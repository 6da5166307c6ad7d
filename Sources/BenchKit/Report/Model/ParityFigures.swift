/// How two engines' outputs compare, as the JSON report's `parity[]` holds it.
package struct ParityFigures: Sendable, Hashable, Codable {
  /// The first engine's identifier.
  package var a: String
  /// The second engine's identifier.
  package var b: String
  /// Chapters whose outputs are identical after normalisation.
  package var identical: Int
  /// Chapters compared.
  package var total: Int
  /// For each ``ParityCategory`` raw value, the chapters that differ that way (every
  /// category present, zero when none).
  package var categories: [String: Int]
  /// For each category with differences, the first one: chapter name and a short diff.
  package var examples: [String: String]

  /// Creates the figures.
  package init(
    a: String, b: String, identical: Int, total: Int, categories: [String: Int],
    examples: [String: String]
  ) {
    self.a = a
    self.b = b
    self.identical = identical
    self.total = total
    self.categories = categories
    self.examples = examples
  }
}
