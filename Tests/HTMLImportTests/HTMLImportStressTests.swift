import HTMLImport
import RenderCore
import TestSupport
import Testing

@Suite struct HTMLImportStressTests {
  @Test func hundredThousandDeepNestingKeepsItsText() throws {
    let depth = 100_000
    let html = String(repeating: "<span>s", count: depth) + "bottom"
    let document = try HTMLImporter().importDocument(html: html)
    let bottom = try #require(document.nodes.lastIndex { $0.kind == .text })
    #expect(document.nodes[bottom].text == "sbottom")
    var ancestors = 0
    var node = document.nodes[bottom].parent
    while let current = node {
      ancestors += 1
      node = document.nodes[current].parent
    }
    // html, body, the spans, and the root.
    #expect(ancestors == depth + 3)
    #expect(document.textContent(of: document.root).utf8.count == depth + "bottom".utf8.count)
  }

  @Test func twentyMegabyteTextNodeStaysOneNode() throws {
    let text = String(repeating: "abcdefghi ", count: 2_000_000)
    let document = try HTMLImporter().importDocument(html: "<p>\(text)</p>")
    let texts = document.nodes.filter { $0.kind == .text }
    #expect(texts.count == 1)
    #expect(texts.first?.text == text)
  }

  @Test func tenMegabyteAttributeIsKept() throws {
    let value = String(repeating: "v&amp;", count: 2_000_000)
    let document = try HTMLImporter().importDocument(html: "<a title=\"\(value)\">x</a>")
    let link = try #require(document.nodes.first { $0.name == "a" })
    #expect(link.attribute("title") == String(repeating: "v&", count: 2_000_000))
    #expect(document.textContent(of: document.root) == "x")
  }

  @Test func concurrentImportsGiveIdenticalDocuments() async throws {
    let html = try Self.families.map {
      try String(contentsOf: SharedFixtures.fixture("Fixtures/Import/\($0).html"), encoding: .utf8)
    }.joined()
    let expected = try HTMLImporter().importDocument(html: html)
    let documents = try await withThrowingTaskGroup(of: Document.self) { group in
      for _ in 0..<200 {
        group.addTask { try HTMLImporter().importDocument(html: html) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(documents.count == 200)
    #expect(documents.allSatisfy { $0 == expected })
  }

  static let families = ImportFixtureTests.families
}
