import HTMLImport
import RenderCore
import Testing

/// Hostile HTML, and every hostile Markdown pattern read as HTML, through the importer: each
/// imports with the surrounding text kept, or fails with a limit error.
@Suite struct HostileHTMLImportTests {
  @Test(
    "HTML patterns import at 1 KB and 1 MB with the surrounding text kept",
    arguments: HostileHTMLPattern.all.map(\.name))
  func htmlPatterns(name: String) throws {
    let make = try #require(HostileHTMLPattern.all.first { $0.name == name }).make
    for size in [1_000, 1_000_000] {
      let html = "<p>\(HostilePattern.leadingMarker)</p>" + make(size)
      try expectImport(html, keeps: HostilePattern.leadingMarker, name: "\(name) at \(size) bytes")
    }
  }

  @Test("Markdown patterns read as HTML import at 256 KB", arguments: HostilePattern.all)
  func markdownPatternsAsHTML(pattern: HostilePattern) throws {
    let document = pattern.document(size: 256_000)
    try expectImport(document, keeps: HostilePattern.leadingMarker, name: pattern.name)
  }

  @Test("invalid UTF-8 and NUL bytes import as U+FFFD with the text around them kept")
  func invalidBytes() throws {
    let bytes =
      Array("<p>before".utf8) + [0xFF, 0xC3, 0x00, 0xED, 0xA0, 0x80] + Array("after</p>".utf8)
    let document = try HTMLImporter().importDocument(data: bytes)
    let text = document.textContent(of: document.root)
    #expect(text.hasPrefix("before\u{FFFD}") && text.hasSuffix("\u{FFFD}after"))
  }

  @Test("nesting beyond the importer's depth limit fails with the limit named")
  func depthLimit() {
    let importer = HTMLImporter(limits: HTMLImportLimits(maximumDepth: 1_000))
    #expect {
      try importer.importDocument(html: String(repeating: "<div>", count: 2_000))
    } throws: { error in
      guard case .limitExceeded(let limit, _, let maximum) = error as? RenderError else {
        return false
      }
      return maximum == 1_000 && limit.contains("depth")
    }
  }

  private func expectImport(_ html: String, keeps marker: String, name: String) throws {
    let outcome = Result { () throws(RenderError) in try HTMLImporter().importDocument(html: html) }
    switch outcome {
    case .success(let document):
      #expect(document.textContent(of: document.root).contains(marker), "\(name) lost text")
    case .failure(.limitExceeded):
      break
    case .failure(let other):
      Issue.record("\(name): unexpected error \(other)")
    }
  }
}
