/// How a path's time grows with input size, as `scaling[]` holds it: the time for the
/// corpus with every document 2, 4 and 8 times longer, over the time at 1×.
package struct ScalingFigures: Sendable, Hashable, Codable {
  /// The engine's identifier, or `"import"` for HTML → StyledText.
  package var engine: String
  /// Time at 2× over time at 1× (2 is linear).
  package var ratio2x: Double
  /// Time at 4× over time at 1× (4 is linear).
  package var ratio4x: Double
  /// Time at 8× over time at 1× (8 is linear).
  package var ratio8x: Double

  /// Creates the figures.
  package init(engine: String, ratio2x: Double, ratio4x: Double, ratio8x: Double) {
    self.engine = engine
    self.ratio2x = ratio2x
    self.ratio4x = ratio4x
    self.ratio8x = ratio8x
  }
}
