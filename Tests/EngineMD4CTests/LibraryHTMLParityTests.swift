import EngineMD4C
import Foundation
import RenderKit
import TestSupport
import Testing

/// The engine writes its HTML itself from md4c's callbacks; it must be md_html's output byte
/// for byte, except where the writer departs on purpose (MD4CHTMLWriter lists where: dangerous
/// URLs in safe mode, hard breaks, images inside image descriptions, surrogate references).
/// None of those occurs in the documents below, so there is no exception to list.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct LibraryHTMLParityTests {
  private static let optionSets: [RenderOptions] = [
    RenderOptions(), RenderOptions(unsafe: true), .md4cDialect(), .md4cDialect(unsafe: true),
  ]

  private func differences(_ documents: [(name: String, markdown: String)]) throws -> [String] {
    var differing: [String] = []
    for options in Self.optionSets {
      for document in documents {
        let written = try MD4CEngine().render(document.markdown, options: options)
        let library = MD4CEngine.libraryHTML(document.markdown, options: options)
        if written.html != library.html {
          differing.append("\(document.name) with \(options)")
        }
      }
    }
    return differing
  }

  @Test func everyCommonMarkSpecExampleIsWrittenAsMDHTMLWritesIt() throws {
    let examples = try CommonMarkExample.load("spec-0.30.json")
    #expect(examples.count == 652)
    let found = try differences(examples.map { ("example \($0.example)", $0.markdown) })
    #expect(found.isEmpty, "\(found)")
  }

  @Test func everyGFMExtensionExampleIsWrittenAsMDHTMLWritesIt() throws {
    let examples = try GFMSpecExample.extensionExamples()
    #expect(examples.count == 24)
    let found = try differences(examples.map { ("GFM example \($0.example)", $0.markdown) })
    #expect(found.isEmpty, "\(found)")
  }

  @Test func progitAndTheRealREADMEsAreWrittenAsMDHTMLWritesThem() throws {
    let progit = try String(decoding: SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    let readmes = try ReadmeDocument.all()
    #expect(readmes.count == 16)
    let documents = try [("progit", progit)] + readmes.map { ($0.file, try $0.markdown()) }
    let found = try differences(documents)
    #expect(found.isEmpty, "\(found)")
  }
}
