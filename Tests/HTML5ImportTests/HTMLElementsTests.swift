import HTML5Import
import RenderCore
import Testing

/// The one element table (``HTMLElements``) against an HTML5 tree builder (MyHTML), which
/// parses as a browser does: what the serializer writes without an end tag, or as raw text,
/// is what a browser reads back as the same tree.
@Suite struct HTMLElementsTests {
  /// The elements named `name` in the tree `html` gives, with the document.
  func elements(named name: String, in html: String) throws -> (Document, [Document.NodeID]) {
    let document = try HTML5Importer().importDocument(html: html)
    let found = document.nodes.indices.filter {
      document.nodes[$0].kind == .element && document.nodes[$0].name == name
    }
    return (document, found)
  }

  @Test("a void element never gets content", arguments: HTMLElements.void.sorted())
  func voidElementsTakeNoContent(name: String) throws {
    // Where the parser keeps each one: `frame` only in a frameset, `col` only in a table.
    let html =
      switch name {
      case "frame": "<frameset><frame><frameset></frameset></frameset>"
      case "col": "<table><col><tr><td>x</table>"
      default: "<p><\(name)><b>x</b></p>"
      }
    let (document, found) = try elements(named: name, in: html)
    #expect(!found.isEmpty, "\(name) was not kept")
    for element in found { #expect(document.nodes[element].firstChild == nil, "\(name)") }
  }

  @Test(
    "raw text and escapable raw text hold text, not elements",
    arguments: HTMLElements.rawText.union(HTMLElements.escapableRawText).sorted())
  func rawTextElementsHoldText(name: String) throws {
    let (document, found) = try elements(
      named: name, in: "<body><\(name)><b>x</b></\(name)>")
    let element = try #require(found.first, "\(name) was not kept")
    #expect(document.children(of: element).allSatisfy { document.nodes[$0].kind == .text })
    // `plaintext` has no end tag: the rest of the input is its text.
    let end = name == "plaintext" ? "</plaintext>" : ""
    #expect(document.textContent(of: element) == "<b>x</b>" + end)
  }

  @Test(
    "a leading newline is dropped by the parser", arguments: HTMLElements.leadingNewline.sorted())
  func leadingNewlineIsDropped(name: String) throws {
    let (document, found) = try elements(named: name, in: "<body><\(name)>\nx</\(name)>")
    let element = try #require(found.first)
    #expect(document.textContent(of: element) == "x")
  }

  @Test("the serializer writes void elements without an end tag, raw text unescaped")
  func serializerFollowsTheTable() throws {
    let html =
      HTMLElements.void.sorted().filter { $0 != "frame" && $0 != "col" }
      .map { "<\($0)>" }.joined() + "<script>a < b</script>"
    let document = try HTML5Importer().importDocument(html: "<body>" + html)
    let written = HTMLSerializer.fragment(of: document)
    for name in HTMLElements.void { #expect(!written.contains("</\(name)>"), "\(name)") }
    #expect(written.contains("<script>a < b</script>"))
  }
}
