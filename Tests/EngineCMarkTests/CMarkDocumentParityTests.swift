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
}
