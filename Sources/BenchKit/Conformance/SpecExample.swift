/// One example of a CommonMark-format suite (`spec-0.30.json` and its kin).
struct SpecExample: Sendable, Hashable, Decodable {
  /// The Markdown input.
  let markdown: String
  /// The expected HTML (what `cmark --unsafe` produces).
  let html: String
  /// The example's number in the suite.
  let example: Int
  /// The spec section it belongs to.
  let section: String
}
