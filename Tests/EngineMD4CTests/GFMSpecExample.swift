import Foundation
import TestSupport

/// One example of the GFM spec (`../shared/suites/gfm-spec-0.29.json`), with the extensions
/// its section is about (`table`, `strikethrough`, `tasklist`, `autolink`, `tagfilter`).
struct GFMSpecExample: Decodable, Sendable {
  let markdown: String
  let html: String
  let example: Int
  let section: String
  let extensions: [String]

  /// The examples of the extensions' sections.
  static func extensionExamples() throws -> [GFMSpecExample] {
    try JSONDecoder().decode(
      [GFMSpecExample].self, from: SharedFixtures.data("suites/gfm-spec-0.29.json")
    ).filter { !$0.extensions.isEmpty }
  }
}
