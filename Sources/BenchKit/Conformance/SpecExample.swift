/// One example of a CommonMark-format suite (`spec-0.30.json` and its kin).
package struct SpecExample: Sendable, Hashable, Decodable {
  /// The Markdown input.
  package let markdown: String
  /// The expected HTML (what `cmark --unsafe` produces).
  package let html: String
  /// The example's number in the suite.
  package let example: Int
  /// The spec section it belongs to.
  package let section: String
  /// The cmark-gfm extensions the example is run with (`table`, `autolink`, …), as the GFM
  /// spec lists them; absent in CommonMark's suites.
  package let extensions: [String]?
}
