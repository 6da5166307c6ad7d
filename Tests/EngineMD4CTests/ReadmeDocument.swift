import Foundation
import TestSupport

/// One of the real READMEs in `../shared/corpus/readmes`, with the HTML the reference
/// cmark-gfm produced for it (`cmark-gfm --unsafe -e table -e strikethrough -e autolink`).
struct ReadmeDocument: Decodable, Sendable {
  /// The file name, e.g. `cmark-README.md`.
  let file: String
  /// cmark-gfm's HTML.
  let html: String

  /// The Markdown, read from its file.
  func markdown() throws -> String {
    try String(
      decoding: SharedFixtures.data("corpus/readmes/\(file)"), as: UTF8.self)
  }

  /// Every document of `docs-reference.json.gz`, decompressed with the system's `gzip`.
  static func all() throws -> [ReadmeDocument] {
    let archive = SharedFixtures.url("corpus/readmes/docs-reference.json.gz")
    let run = try ProcessRun(URL(fileURLWithPath: "/bin/gzip"), ["-dc", archive.path])
    guard run.status == 0 else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: run.error])
    }
    return try JSONDecoder().decode([ReadmeDocument].self, from: run.output)
  }
}
