/// How often two engines agree with each other on a suite, right or wrong, as
/// `conformanceAgreement[]` holds it.
package struct AgreementFigures: Sendable, Hashable, Codable {
  /// The first engine's identifier.
  package var a: String
  /// The second engine's identifier.
  package var b: String
  /// The suite's name.
  package var suite: String
  /// Examples on which both engines' normalised outputs are equal.
  package var agreed: Int
  /// Examples run.
  package var total: Int

  /// Creates the figures.
  package init(a: String, b: String, suite: String, agreed: Int, total: Int) {
    self.a = a
    self.b = b
    self.suite = suite
    self.agreed = agreed
    self.total = total
  }
}
