import EngineCMark
import Foundation
import HTMLImport
import RenderCore
import RenderStyling
import RenderText
import TestSupport
import Testing

/// The oracle for the tree path: styled text built from cmark's node tree equals styled text
/// built by importing cmark's own HTML, for every spec example and all of progit.
@Suite struct CMarkDocumentParityTests {
  let engine = CMarkEngine()
  let importer = HTMLImporter()

  /// Spec examples where the two paths may differ, with the reason. Empty: none differ.
  static let exceptions: [Int: String] = [:]

  private func styledText(_ document: Document) throws -> StyledText {
    StyledText(
      document: document, styles: try Stylesheet.default.cascade(document, colorScheme: .light))
  }

  private func mismatch(_ markdown: String, _ options: RenderOptions) throws -> String? {
    let fromTree = try styledText(
      try engine.document(markdown, options: options, importer: importer))
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
    "Every CommonMark example: the tree and the HTML give the same styled text",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: [RenderOptions(), RenderOptions(smartPunctuation: true, hardLineBreaks: true)])
  func specExamples(options: RenderOptions) throws {
    var differing: [Int] = []
    for example in try CommonMarkExample.load("spec-0.30.json")
    where Self.exceptions[example.example] == nil {
      if let problem = try mismatch(example.markdown, options) {
        differing.append(example.example)
        Issue.record("example \(example.example): \(problem)")
      }
    }
    #expect(differing.isEmpty)
  }

  @Test(
    "Raw HTML with unsafe imports the engine's HTML: the same styled text",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func unsafeSpecExamples() throws {
    let options = RenderOptions(unsafe: true)
    for example in try CommonMarkExample.load("spec-0.30.json") {
      #expect(try mismatch(example.markdown, options) == nil, "example \(example.example)")
    }
  }

  @Test(
    "progit, chapter by chapter: the tree and the HTML give the same styled text",
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func progitChapters() throws {
    let corpus = String(decoding: try SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    var chapter = ""
    var checked = 0
    func check() throws {
      guard !chapter.isEmpty else { return }
      if let problem = try mismatch(chapter, RenderOptions()) {
        Issue.record(
          "chapter \(checked) (\(chapter.prefix(60).debugDescription)): \(problem.prefix(600))")
      }
      checked += 1
      chapter = ""
    }
    for line in corpus.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("# ") { try check() }
      chapter += line
      chapter += "\n"
    }
    try check()
    #expect(checked > 100)
  }

  /// Ill-formed UTF-8 is repaired before parsing, and every literal of the tree is stored as
  /// valid text: the document is the one of the decoded text, its text holds U+FFFD, and it
  /// styles as the engine's HTML does.
  @Test func illFormedInputGivesTheDocumentOfItsDecodedText() throws {
    var bytes = Data("# Caf\u{E9}\n\n".utf8) + Data([0x61, 0xFF, 0x62, 0x20, 0xE2, 0x82])
    bytes += Data(" *em \u{65E5}* `c".utf8) + Data([0xC0, 0xAF]) + Data("` [l](u \"t".utf8)
    bytes += Data([0xED, 0xA0, 0x80]) + Data("\") ![i".utf8) + Data([0x80]) + Data("](s)\n".utf8)
    let options = RenderOptions()
    let document = try engine.document(utf8: bytes, options: options, importer: importer)
    let decoded = MarkdownInput.decode(bytes)
    #expect(document == (try engine.document(decoded, options: options, importer: importer)))
    #expect(document.textContent(of: document.root).contains("\u{FFFD}"))
    #expect(try mismatch(decoded, options) == nil)
  }
}
