/// Adjoining vertical margins collapsed as CSS does it: the largest positive margin plus the
/// most negative one, never their sum.
struct CollapsedMargin {
  private var largestPositive = 0.0
  private var mostNegative = 0.0

  /// Adds one margin that adjoins the others; non-finite values are ignored.
  mutating func add(_ margin: Double) {
    guard margin.isFinite else { return }
    largestPositive = max(largestPositive, margin)
    mostNegative = min(mostNegative, margin)
  }

  /// The collapsed margin.
  var value: Double { largestPositive + mostNegative }
}
