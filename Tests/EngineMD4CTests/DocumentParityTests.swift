import EngineMD4C
import Foundation
import RenderKit
import TestSupport
import Testing

/// The document md4c's callbacks build directly must style exactly as the import of md4c's own
/// HTML (md_html's output) does: same text, same runs, same blocks.
///
/// Exceptions: none in the documents below. By design the direct document follows the
/// engine's HTML where that departs from md_html (an image inside an image description, a
/// surrogate reference, dangerous URLs emptied in safe mode); those cases are checked against
/// the import of the engine's own HTML in `departuresFollowTheEnginesHTML`.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct DocumentParityTests {
  let importer = HTMLImporter()

  private func styled(_ document: Document) throws -> StyledText {
    StyledText(
      document: document, styles: try Stylesheet.default.cascade(document, colorScheme: .light))
  }

  /// The names of the documents whose direct and imported styled text differ.
  private func differences(
    _ documents: [(name: String, markdown: String)], options: RenderOptions
  ) throws -> [String] {
    try documents.compactMap { document in
      let direct = try styled(
        try MD4CEngine().document(document.markdown, options: options, importer: importer))
      let imported = try styled(
        try importer.importDocument(
          fragment: MD4CEngine.libraryHTML(document.markdown, options: options)))
      guard direct != imported else { return nil }
      let parts = [
        direct.string == imported.string ? nil : "text",
        direct.runs == imported.runs ? nil : "runs",
        direct.blocks == imported.blocks ? nil : "blocks",
      ].compactMap { $0 }
      return "\(document.name): \(parts.joined(separator: ", "))"
    }
  }

  @Test func everyCommonMarkSpecExampleStylesAsItsImportedHTML() throws {
    let examples = try CommonMarkExample.load("spec-0.30.json")
    let documents = examples.map { ("example \($0.example)", $0.markdown) }
    let plain = try differences(documents, options: RenderOptions())
    #expect(plain.isEmpty, "\(plain)")
    let dialect = try differences(documents, options: .md4cDialect())
    #expect(dialect.isEmpty, "\(dialect)")
    #expect(try differences(documents, options: RenderOptions(hardLineBreaks: true)).count > 0)
  }

  @Test func everyGFMExtensionExampleStylesAsItsImportedHTML() throws {
    let examples = try GFMSpecExample.extensionExamples()
    let documents = examples.map { ("GFM example \($0.example)", $0.markdown) }
    let found = try differences(documents, options: .md4cDialect())
    #expect(found.isEmpty, "\(found)")
  }

  @Test func progitStylesAsItsImportedHTML() throws {
    let progit = try String(decoding: SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    let found = try differences([("progit", progit)], options: .md4cDialect())
    #expect(found.isEmpty, "\(found)")
  }

  @Test func theRealREADMEsStyleAsTheirImportedHTML() throws {
    let documents = try ReadmeDocument.all().map { ($0.file, try $0.markdown()) }
    let found = try differences(documents, options: .md4cDialect())
    #expect(found.isEmpty, "\(found)")
  }

  @Test func departuresFollowTheEnginesHTML() throws {
    let cases: [(String, RenderOptions)] = [
      ("![a ![b](c) d](e \"t\")", RenderOptions()),
      ("a &#xD800; b", RenderOptions()),
      ("[a](javascript:x) ![b](vbscript:y) <javascript:z>", RenderOptions()),
      ("a\nb *c\nd*", RenderOptions(hardLineBreaks: true)),
      ("control \u{1} &#1; &#13; &#xFFFE; \u{C} chars", RenderOptions()),
    ]
    for (markdown, options) in cases {
      let direct = try MD4CEngine().document(markdown, options: options, importer: importer)
      let imported = try importer.importDocument(
        fragment: MD4CEngine().render(markdown, options: options))
      #expect(try styled(direct) == styled(imported), "\(markdown.debugDescription)")
    }
  }

  @Test func rawHTMLIsImportedFromTheEnginesHTML() throws {
    let options = RenderOptions(unsafe: true)
    for markdown in ["<div class=\"note\">\n\n*x*\n\n</div>\n\na <b>b</b>", "![a <b>x</b> y](i)"] {
      let direct = try MD4CEngine().document(markdown, options: options, importer: importer)
      let imported = try importer.importDocument(
        fragment: MD4CEngine().render(markdown, options: options))
      #expect(direct == imported, "\(markdown.debugDescription)")
    }
    let note = try MD4CEngine().document(
      "<div class=\"note\">\n\nx\n\n</div>", options: options, importer: importer)
    #expect(note.nodes.contains { $0.name == "div" && $0.classes == ["note"] })
  }
}
