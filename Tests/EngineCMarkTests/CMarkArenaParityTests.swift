import CCMark
import EngineCMark
import Foundation
import HTMLImport
import RenderCore
import TestSupport
import Testing

/// The engine parses into a parse arena (`ParseArena.h`) instead of libcmark's own allocator:
/// the HTML must be the same, byte for byte, from the smallest output (copied out of the arena)
/// to the largest (taken out of it), and each thread must parse in an arena of its own.
@Suite struct CMarkArenaParityTests {
  let engine = CMarkEngine()

  /// libcmark's HTML with its default allocator, in one call.
  private func libcmarkHTML(_ markdown: String, flags: Int32) -> String {
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in
        guard let html = cmark_markdown_to_html(text.baseAddress, text.count, flags) else {
          return ""
        }
        defer { free(html) }
        return String(cString: html)
      }
    }
  }

  private func engineHTML(_ markdown: String, _ options: RenderOptions) throws -> String {
    try engine.render(markdown, options: options).html
  }

  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func everySpecExampleAndTheCorpusRenderAsWithLibcmarksAllocator() throws {
    let options = RenderOptions(unsafe: true)
    let flags = CMarkEngine.flags(for: options)
    let examples = try CommonMarkExample.load("spec-0.30.json")
    var differing: [Int] = []
    for example in examples
    where try engineHTML(example.markdown, options) != libcmarkHTML(example.markdown, flags: flags)
    {
      differing.append(example.example)
    }
    #expect(differing.isEmpty, "examples \(differing)")
    // All of them in one document, and the corpus: outputs far past a chunk.
    let all = examples.map(\.markdown).joined(separator: "\n")
    #expect(try engineHTML(all, options) == libcmarkHTML(all, flags: flags))
    let corpus = try String(decoding: SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    let html = try engineHTML(corpus, RenderOptions())
    #expect(html.utf8.count > 10_000_000)
    #expect(html == libcmarkHTML(corpus, flags: CMarkEngine.flags(for: RenderOptions())))
  }

  @Test func eachThreadParsesInItsOwnArena() async throws {
    // Documents of different shapes and sizes, so that the threads' blocks interleave.
    let documents = (1...16).map { index in
      (0..<index * 40).map { "- item *\($0)* [link](/\(index)/\($0)) `code`\n\n> quote \($0)" }
        .joined(separator: "\n")
    }
    let alone = try documents.map { try engineHTML($0, RenderOptions()) }
    let together = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for (index, document) in documents.enumerated() {
        group.addTask { (index, try CMarkEngine().render(document, options: RenderOptions()).html) }
      }
      var results = [String](repeating: "", count: documents.count)
      for try await (index, html) in group { results[index] = html }
      return results
    }
    #expect(together == alone)
    #expect(alone.allSatisfy { $0.contains("<blockquote>") })
  }

  @Test func aDocumentBuiltFromTheTreeIsTheSameEachTime() throws {
    // The tree is read from the arena, then the arena goes: the next parse starts afresh.
    let markdown = (0..<500).map { "## Heading \($0)\n\nText with *emphasis* and `code`." }
      .joined(separator: "\n\n")
    let importer = HTMLImporter()
    let first = try engine.document(markdown, options: RenderOptions(), importer: importer)
    for _ in 0..<3 {
      #expect(try engine.document(markdown, options: RenderOptions(), importer: importer) == first)
    }
    #expect(first.nodes.count > 3_000)
  }
}
