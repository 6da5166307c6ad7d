import Foundation
import HTML5Import
import RenderCore
import Testing

/// The HTML5 importer's promises: HTML5's tree, the limits with clear errors, no recursion,
/// no lost text, the encodings `importDocument(data:)` honours.
@Suite struct HTML5ImporterTests {
  func text(_ html: String, importer: HTML5Importer = HTML5Importer()) throws -> String {
    let document = try importer.importDocument(html: html)
    return document.textContent(of: document.root)
  }

  func names(_ document: Document) -> [String] {
    document.nodes.filter { $0.kind == .element }.map(\.name)
  }

  @Test func buildsTheTreeABrowserBuilds() throws {
    let document = try HTML5Importer().importDocument(html: "<table>a<tr><td>b</table>")
    // "a" is foster-parented before the table; tbody is implied.
    #expect(names(document) == ["#document", "html", "head", "body", "table", "tbody", "tr", "td"])
    #expect(document.textContent(of: document.root) == "ab")
    let body = document.nodes.firstIndex { $0.name == "body" }!
    #expect(document.nodes[document.nodes[body].firstChild!].text == "a")
  }

  @Test func decodesReferencesAsHTML5Says() throws {
    #expect(try text("&Kopf;&#x80;&#0;&AMP&notit;") == "\u{1D542}€\u{FFFD}&¬it;")
  }

  @Test func dropsCommentsAndKeepsTemplateContentAsChildren() throws {
    let document = try HTML5Importer().importDocument(
      html: "a<!-- c -->b<template><i>t</i></template>")
    #expect(document.textContent(of: document.root) == "abt")
    let template = document.nodes.firstIndex { $0.name == "template" }!
    #expect(document.nodes[document.nodes[template].firstChild!].name == "i")
  }

  @Test func repairsInvalidUTF8() throws {
    let bytes: [UInt8] = Array("<p>a".utf8) + [0xFF, 0xC3] + Array("b</p>".utf8)
    let document = try HTML5Importer().importDocument(data: bytes)
    #expect(document.textContent(of: document.root) == "a\u{FFFD}\u{FFFD}b")
  }

  @Test func honoursByteOrderMarkAndMetaCharset() throws {
    let latin1: [UInt8] = Array("<meta charset=iso-8859-1><p>caf".utf8) + [0xE9]
    var document = try HTML5Importer().importDocument(data: latin1)
    #expect(document.textContent(of: document.root) == "café")
    let utf16: [UInt8] =
      [0xFF, 0xFE] + "<p>é".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    document = try HTML5Importer().importDocument(data: utf16)
    #expect(document.textContent(of: document.root) == "é")
  }

  @Test func importsAnEnginesFragment() throws {
    let fragment = HTMLFragment(html: "<h1>Title</h1><p>x</p>", engineID: "test")
    let document = try HTML5Importer().importDocument(fragment: fragment)
    #expect(names(document).contains("h1"))
    #expect(document.textContent(of: document.root) == "Titlex")
  }

  @Test func deepNestingNeedsNoCallStack() async throws {
    let depth = 100_000
    let html = String(repeating: "<div>", count: depth) + "deep"
    // A secondary thread's small stack: a recursive walk or free would overflow it.
    let document = try await Task.detached {
      try HTML5Importer().importDocument(html: html)
    }.value
    #expect(document.textContent(of: document.root) == "deep")
    #expect(document.nodes.count > depth)
  }

  @Test func limitsFailNamingTheLimit() {
    #expect(throws: RenderError.limitExceeded(limit: "HTML nesting depth", value: 11, maximum: 10))
    {
      try HTML5Importer(limits: HTMLImportLimits(maximumDepth: 10))
        .importDocument(html: String(repeating: "<b>", count: 20))
    }
    #expect(throws: RenderError.limitExceeded(limit: "HTML node count", value: 6, maximum: 5)) {
      try HTML5Importer(limits: HTMLImportLimits(maximumNodes: 5))
        .importDocument(html: "<p>a</p><p>b</p><p>c</p>")
    }
    #expect(
      throws: RenderError.limitExceeded(limit: "HTML input size in bytes", value: 11, maximum: 10)
    ) {
      try HTML5Importer(limits: HTMLImportLimits(maximumBytes: 10)).importDocument(
        html: "<p>01234567")
    }
  }

  @Test func concurrentImportsAgree() async throws {
    let html = (0..<200).map { "<p>paragraph \($0) <b>bold</b></p>" }.joined()
    let expected = try HTML5Importer().importDocument(html: html)
    try await withThrowingTaskGroup(of: Document.self) { group in
      for _ in 0..<8 { group.addTask { try HTML5Importer().importDocument(html: html) } }
      for try await document in group { #expect(document == expected) }
    }
  }
}
