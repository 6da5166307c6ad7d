import EngineCMarkGFM
import Foundation
import HTMLImport
import RenderCore
import RenderStyling
import RenderText
import TestSupport
import Testing

/// The oracle for the tree path: styled text built from cmark-gfm's node tree equals styled
/// text built by importing cmark-gfm's own HTML, on the GFM spec, real READMEs and progit.
@Suite struct CMarkGFMDocumentParityTests {
  let engine = CMarkGFMEngine()
  let importer = HTMLImporter()
  /// What `render` turns on by default (the GitHub profile, raw HTML off).
  static let github: Set<RenderFeature> = [.tables, .strikethrough, .autolinks, .taskLists]

  private struct Example: Decodable {
    let markdown: String
    let example: Int
    let extensions: [String]
  }

  private func styledText(_ document: Document) throws -> StyledText {
    StyledText(
      document: document, styles: try Stylesheet.default.cascade(document, colorScheme: .light))
  }

  private func mismatch(_ markdown: String, _ options: RenderOptions) throws -> String? {
    let fromTree = try styledText(engine.document(markdown, options: options, importer: importer))
    let fromHTML = try styledText(
      try importer.importDocument(fragment: engine.render(markdown, options: options)))
    guard fromTree != fromHTML else { return nil }
    if fromTree.string != fromHTML.string {
      return
        "text: tree \(fromTree.string.debugDescription) html \(fromHTML.string.debugDescription)"
    }
    if fromTree.blocks != fromHTML.blocks {
      return "blocks: \(fromTree.blocks) vs \(fromHTML.blocks)"
    }
    return "runs: \(fromTree.runs) vs \(fromHTML.runs)"
  }

  @Test(
    "Every GFM spec example, with the GitHub extensions: the tree and the HTML agree",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: [
      RenderOptions(extensions: github),
      RenderOptions(smartPunctuation: true, hardLineBreaks: true, extensions: github),
      RenderOptions(unsafe: true, extensions: github.union([.tagFilter, .footnotes])),
    ])
  func specExamples(options: RenderOptions) throws {
    let examples = try JSONDecoder().decode(
      [Example].self, from: SharedFixtures.data("suites/gfm-spec-0.29.json"))
    #expect(examples.count == 673)
    var differing: [Int] = []
    for example in examples {
      if let problem = try mismatch(example.markdown, options) {
        differing.append(example.example)
        Issue.record("example \(example.example): \(problem.prefix(600))")
      }
    }
    #expect(differing.isEmpty)
  }

  @Test(
    "Real READMEs and progit: the tree and the HTML agree",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func documents() throws {
    let folder = SharedFixtures.url("corpus/readmes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
    #expect(files.count == 16)
    var texts = try files.map {
      ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
    }
    let progit = String(decoding: try SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    texts.append(("progit (first 2 MB)", String(progit.utf8.prefix(2_000_000))!))
    for (name, text) in texts {
      let problem = try mismatch(text, RenderOptions(extensions: Self.github))
      #expect(problem == nil, "\(name): \(problem?.prefix(600) ?? "")")
    }
  }

  @Test func tablesAndTaskListsComeFromTheTree() throws {
    let markdown = "| a | b |\n|:-:|--:|\n| 1 | ~~2~~ |\n\n- [x] done\n- [ ] open\n"
    let document = try engine.document(
      markdown, options: RenderOptions(extensions: Self.github), importer: importer)
    let names = Set(document.nodes.map(\.name))
    for name in ["table", "thead", "tbody", "tr", "th", "td", "del", "input"] {
      #expect(names.contains(name), "\(name)")
    }
    #expect(try mismatch(markdown, RenderOptions(extensions: Self.github)) == nil)
  }

  /// Ill-formed UTF-8 is repaired before parsing, and every literal of the tree is stored as
  /// valid text: the document is the one of the decoded text, its text holds U+FFFD, and it
  /// styles as the engine's HTML does.
  @Test func illFormedInputGivesTheDocumentOfItsDecodedText() throws {
    var bytes = Data("# Caf\u{E9}\n\n".utf8) + Data([0x61, 0xFF, 0x62, 0x20, 0xE2, 0x82])
    bytes += Data(" *em \u{65E5}* `c".utf8) + Data([0xC0, 0xAF]) + Data("` [l](u \"t".utf8)
    bytes += Data([0xED, 0xA0, 0x80]) + Data("\") ![i".utf8) + Data([0x80]) + Data("](s)\n".utf8)
    let options = RenderOptions(extensions: Self.github)
    let document = try engine.document(utf8: bytes, options: options, importer: importer)
    let decoded = MarkdownInput.decode(bytes)
    #expect(document == (try engine.document(decoded, options: options, importer: importer)))
    #expect(document.textContent(of: document.root).contains("\u{FFFD}"))
    #expect(try mismatch(decoded, options) == nil)
  }
}
