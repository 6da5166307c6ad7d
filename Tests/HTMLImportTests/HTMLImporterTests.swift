import Foundation
import HTMLImport
import RenderCore
import Testing

@Suite struct HTMLImporterTests {
  let importer = HTMLImporter()

  func text(_ html: String) throws -> String {
    let document = try importer.importDocument(html: html)
    return document.textContent(of: document.root)
  }

  func text(bytes: [UInt8]) throws -> String {
    let document = try importer.importDocument(data: bytes)
    return document.textContent(of: document.root)
  }

  func elements(named name: String, in document: Document) -> [DocumentNode] {
    document.nodes.filter { $0.kind == .element && $0.name == name }
  }

  @Test func lowerCasesNamesAndDecodesAttributeValues() throws {
    let document = try importer.importDocument(html: "<DIV ID=Main Class='a  b'>x</DIV>")
    let div = try #require(elements(named: "div", in: document).first)
    #expect(
      div.attributes == [.init(name: "id", value: "Main"), .init(name: "class", value: "a  b")])
    #expect(div.classes == ["a", "b"])
  }

  @Test func mergesAdjacentTextAcrossComments() throws {
    let document = try importer.importDocument(html: "<p>a<!-- c -->b&amp;c</p>")
    let paragraph = try #require(elements(named: "p", in: document).first)
    let children = document.children(of: document.nodes.firstIndex { $0 == paragraph }!)
    #expect(children.count == 1)
    #expect(document.nodes[children[0]].text == "ab&c")
  }

  @Test func lineBreakSpellingsAllBecomeElements() throws {
    let document = try importer.importDocument(html: "<p>a<br>b<br/>c<br />d</p>")
    #expect(elements(named: "br", in: document).count == 3)
    #expect(document.textContent(of: document.root) == "abcd")
  }

  @Test func decodesReferencesAsHTML5Does() throws {
    #expect(try text("<p>&NotEqualTilde; &check; &eacute;</p>") == "\u{2242}\u{338} \u{2713} é")
    #expect(try text("<p>&copy 2024 &AMP &notit; &amp;lt;</p>") == "© 2024 & ¬it; &lt;")
    #expect(try text("<p>&#x80;&#0;&#xD800;&#x110000;&#65</p>") == "€\u{FFFD}\u{FFFD}\u{FFFD}A")
    #expect(try text("<p>&#x; &#; &#60; &#38;</p>") == "&#x; &#; < &")
    // In attributes a legacy name before a letter, digit or `=` stays as written (URLs).
    let document = try HTMLImporter().importDocument(
      html: #"<a href="?a=1&copy=2&copy;&lt=3" title="&copy x">t</a>"#)
    let link = document.nodes.first { $0.name == "a" }!
    #expect(link.attribute("href") == "?a=1&copy=2©&lt=3")
    #expect(link.attribute("title") == "© x")
  }

  @Test func dropsWhatHTML5ReadsAsBogusComments() throws {
    #expect(try text("<p>a<!x>b<?pi?>c</ d>e<![CDATA[f]]>g</>h</p>") == "abcegh")
    // Script content is not scanned: its references and markup stay as written.
    let document = try HTMLImporter().importDocument(html: "<script>a&#0;<!x></script>")
    #expect(document.textContent(of: document.root) == "a&#0;<!x>")
  }

  @Test func dropsOnlyTheNewlineRightAfterPre() throws {
    #expect(try text("<pre>\n\nx\n</pre>") == "\nx\n")
    #expect(try text("<pre>x\n</pre>") == "x\n")
  }

  @Test func keepsTextOfMisnestedAndUnclosedElements() throws {
    #expect(try text("<b><i>x</b>y</i>z<p>u<div>v") == "xyzuv")
    #expect(try text("<table><tr><td>a</td>b</table>c") == "abc")
  }

  @Test func keepsTextAfterTheDocumentEnds() throws {
    #expect(try text("<p>a</p></body>b</html>c") == "abc")
  }

  @Test func keepsHiddenContentInTheTree() throws {
    let document = try importer.importDocument(
      html: "<head><title>t</title><style>s{}</style></head><script>if (a<b) x()</script>"
        + "<template><p>tpl</p></template>")
    #expect(elements(named: "head", in: document).count == 1)
    #expect(document.textContent(of: document.root) == "ts{}if (a<b) x()tpl")
  }

  @Test func keepsForeignAndCustomElements() throws {
    let document = try importer.importDocument(
      html:
        "<svg viewBox='0 0 1 1'><text>s</text></svg><math><mi>m</mi></math><x-card a=1>c</x-card>")
    #expect(elements(named: "svg", in: document).first?.attribute("viewbox") == "0 0 1 1")
    #expect(elements(named: "mi", in: document).count == 1)
    #expect(elements(named: "x-card", in: document).first?.attribute("a") == "1")
    #expect(document.textContent(of: document.root) == "smc")
  }

  @Test func emptyAndWhitespaceOnlyInputGiveAnEmptyDocument() throws {
    #expect(try importer.importDocument(html: "").nodes.count == 1)
    #expect(try text(" \n\t ").allSatisfy(\.isWhitespace))
    #expect(try importer.importDocument(data: [UInt8]()).nodes.count == 1)
  }

  @Test func replacesNULAndControlCharacters() throws {
    #expect(try text("<p>a\0b\u{01}c\u{0C}d\r\ne\rf</p>") == "a\u{FFFD}b\u{FFFD}c d\ne\nf")
  }

  @Test func repairsInvalidUTF8WithoutFallingBackToLatin1() throws {
    let bytes = Array("<p>a".utf8) + [0xFF, 0xC3] + Array("b é 😀</p>".utf8)
    #expect(try text(bytes: bytes) == "a\u{FFFD}\u{FFFD}b é 😀")
  }

  @Test func honoursByteOrderMarks() throws {
    let html = "<p>é € 😀</p>"
    #expect(try text(bytes: [0xEF, 0xBB, 0xBF] + Array(html.utf8)) == "é € 😀")
    let little = html.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(try text(bytes: [0xFF, 0xFE] + little) == "é € 😀")
    let big = html.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(try text(bytes: [0xFE, 0xFF] + big) == "é € 😀")
    #expect(try text(data: Data([0xFE, 0xFF] + big)) == "é € 😀")
  }

  func text(data: Data) throws -> String {
    let document = try importer.importDocument(data: data)
    return document.textContent(of: document.root)
  }

  @Test func honoursDeclaredEncodings() throws {
    let meta =
      Array("<meta charset=\"ISO-8859-1\"><p>caf".utf8) + [0xE9, 0x20, 0x80] + Array("</p>".utf8)
    #expect(try text(bytes: meta) == "café €")
    let httpEquiv =
      Array(
        "<!-- <meta charset=utf-8> --><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\"><p>"
          .utf8) + [0x93, 0x61, 0x94]
    #expect(try text(bytes: httpEquiv) == "\u{201C}a\u{201D}")
    let undeclared = Array("<p>caf".utf8) + [0xE9]
    #expect(try text(bytes: undeclared) == "caf\u{FFFD}")
  }

  @Test func ignoresADeclaredEncodingInStrings() throws {
    #expect(try text("<meta charset=\"latin1\"><p>é</p>") == "é")
  }

  @Test func nestingPastTheDepthLimitFailsNamingIt() throws {
    let importer = HTMLImporter(limits: HTMLImportLimits(maximumDepth: 10))
    let html = String(repeating: "<div>", count: 20) + "x"
    #expect(throws: RenderError.limitExceeded(limit: "HTML nesting depth", value: 11, maximum: 10))
    {
      try importer.importDocument(html: html)
    }
    #expect(
      RenderError.limitExceeded(limit: "HTML nesting depth", value: 11, maximum: 10).description
        == "input exceeds the HTML nesting depth limit (11 > 10); raise the limit or shorten the input."
    )
    #expect(
      try importer.importDocument(html: String(repeating: "<div>", count: 8) + "x").nodes.count
        == 12)
  }

  @Test func tooManyNodesFailNamingTheLimit() throws {
    let importer = HTMLImporter(limits: HTMLImportLimits(maximumNodes: 5))
    #expect(throws: RenderError.limitExceeded(limit: "HTML node count", value: 6, maximum: 5)) {
      try importer.importDocument(html: "<p>a</p><p>b</p><p>c</p>")
    }
  }

  @Test func inputPastTheByteLimitFailsNamingIt() throws {
    let importer = HTMLImporter(limits: HTMLImportLimits(maximumBytes: 10))
    let error = RenderError.limitExceeded(limit: "HTML input size in bytes", value: 11, maximum: 10)
    #expect(throws: error) { try importer.importDocument(html: "<p>abcd</p>") }
    #expect(throws: error) { try importer.importDocument(data: Array("<p>abcd</p>".utf8)) }
    // root, html, body, p, text
    #expect(try importer.importDocument(html: "<p>abc</p>").nodes.count == 5)
  }

  @Test func defaultLimitsAreTheDocumentedOnes() {
    let limits = HTMLImportLimits()
    #expect(limits.maximumBytes == 256 * 1024 * 1024)
    #expect(limits.maximumDepth == 1_000_000)
    #expect(limits.maximumNodes == 10_000_000)
  }
}
