import HTMLImport
import RenderCore
import RenderKit
import Testing

/// Hostile HTML, and every hostile Markdown pattern read as HTML, through every registered
/// importer in-process: each imports with the surrounding text kept, or fails with a limit
/// error. An importer that claims to be safe on hostile input gets them at full size; one that
/// does not (MyHTML: quadratic in the depth of nesting) is run where it is contained, and here
/// only at sizes that show it reads them, not how long it takes.
@Suite struct HostileHTMLImportTests {
  /// The size an importer gets a pattern at, as claimed by its descriptor.
  static func size(_ full: Int, for importerID: String) throws -> Int {
    let descriptor = try #require(
      ImporterRegistry.builtIn.descriptors.first { $0.id == importerID })
    return descriptor.isSafeOnHostileInput ? full : min(full, 16_000)
  }

  @Test(
    "HTML patterns import at 1 KB and 1 MB with the surrounding text kept",
    arguments: HostileHTMLPattern.all.map(\.name), ImporterRegistry.builtIn.importerIDs)
  func htmlPatterns(name: String, importerID: String) throws {
    let make = try #require(HostileHTMLPattern.all.first { $0.name == name }).make
    let importer = try ImporterRegistry.builtIn.importer(id: importerID)
    for size in [1_000, try Self.size(1_000_000, for: importerID)] {
      let html = "<p>\(HostilePattern.leadingMarker)</p>" + make(size)
      try expectImport(
        html, with: importer, keeps: HostilePattern.leadingMarker,
        name: "\(importerID): \(name) at \(size) bytes")
    }
  }

  @Test(
    "Markdown patterns read as HTML import at 256 KB",
    arguments: HostilePattern.all, ImporterRegistry.builtIn.importerIDs)
  func markdownPatternsAsHTML(pattern: HostilePattern, importerID: String) throws {
    let document = pattern.document(size: try Self.size(256_000, for: importerID))
    try expectImport(
      document, with: ImporterRegistry.builtIn.importer(id: importerID),
      keeps: HostilePattern.leadingMarker, name: "\(importerID): \(pattern.name)")
  }

  @Test(
    "invalid UTF-8 and NUL bytes import as U+FFFD with the text around them kept",
    arguments: ImporterRegistry.builtIn.importerIDs)
  func invalidBytes(importerID: String) throws {
    let bytes =
      Array("<p>before".utf8) + [0xFF, 0xC3, 0x00, 0xED, 0xA0, 0x80] + Array("after</p>".utf8)
    let document = try ImporterRegistry.builtIn.importer(id: importerID).importDocument(data: bytes)
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

  private func expectImport(
    _ html: String, with importer: any HTMLImporting, keeps marker: String, name: String
  ) throws {
    let outcome = Result { () throws(RenderError) in try importer.importDocument(html: html) }
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
