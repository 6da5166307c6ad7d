import Foundation

/// One example of the CommonMark spec (or of cmark's regression and smart-punctuation
/// suites, which share the format), read from `../shared/commonmark/`.
public struct CommonMarkExample: Decodable, Sendable {
  /// The Markdown input.
  public let markdown: String
  /// The expected HTML, as `cmark --unsafe` produces it.
  public let html: String
  /// The example's number.
  public let example: Int
  /// The spec section it belongs to.
  public let section: String

  /// The examples of `file` in `shared/commonmark`, e.g. `"spec-0.30.json"`.
  public static func load(_ file: String) throws -> [CommonMarkExample] {
    try JSONDecoder().decode(
      [CommonMarkExample].self, from: SharedFixtures.data("commonmark/\(file)"))
  }
}
