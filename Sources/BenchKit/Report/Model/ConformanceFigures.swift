/// One engine's result on one CommonMark-format suite, as `conformance[]` holds it.
package struct ConformanceFigures: Sendable, Hashable, Codable {
  /// A spec section's result.
  package struct Section: Sendable, Hashable, Codable {
    /// The section's title, e.g. `"Tabs"`.
    package var name: String
    /// Examples passed.
    package var passed: Int
    /// Examples in the section.
    package var total: Int

    /// Creates a section result.
    package init(name: String, passed: Int, total: Int) {
      self.name = name
      self.passed = passed
      self.total = total
    }
  }

  /// The engine's identifier.
  package var engine: String
  /// The suite's name: its file name without `.json`.
  package var suite: String
  /// Examples whose normalised output equals the expected HTML's.
  package var passed: Int
  /// Examples run.
  package var total: Int
  /// Per section, in the order the suite lists them.
  package var sections: [Section]

  /// Creates the figures.
  package init(engine: String, suite: String, passed: Int, total: Int, sections: [Section]) {
    self.engine = engine
    self.suite = suite
    self.passed = passed
    self.total = total
    self.sections = sections
  }
}
