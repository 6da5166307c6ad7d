import EngineCMark
import HTMLImport
import RenderCore
import TestSupport
import Testing

/// RenderCore's HTMLSerializer, checked through the importer: what it writes parses back to the
/// tree it wrote.
@Suite struct HTMLSerializerTests {
  private let importer = HTMLImporter()

  private func roundTrip(_ html: String) throws -> (Document, Document, String) {
    let document = try importer.importDocument(html: html)
    let written = HTMLSerializer.fragment(of: document)
    return (document, try importer.importDocument(html: written), written)
  }

  @Test func escapesTextAndAttributesAndKeepsRawTextRaw() throws {
    let (_, _, written) = try roundTrip(
      #"<p title='a "b" &amp; c'>1 &lt; 2 &amp; 3</p><script>if (a < b && c) {}</script><br><pre>"#
        + "\n\nx</pre>")
    #expect(
      written
        == #"<p title="a &quot;b&quot; &amp; c">1 &lt; 2 &amp; 3</p><script>if (a < b && c) {}</script><br><pre>"#
        + "\n\nx</pre>")
  }

  @Test func theFirstOfTwoSameNamedAttributesIsKept() throws {
    var document = Document()
    let link = document.appendElement(
      "a",
      attributes: [.init(name: "href", value: "/first"), .init(name: "href", value: "/second")],
      to: document.root)
    document.appendText("x", to: link)
    #expect(
      HTMLSerializer().write(contentsOf: document.root, in: document)
        == #"<a href="/first">x</a>"#)
  }

  /// Every CommonMark spec example's HTML (cmark, unsafe) parses, writes and parses back to the
  /// same tree. (Example 182, a `<![CDATA[` block, round-trips because the importer reads it as
  /// HTML5 does, a bogus comment, where libxml2 alone would keep a bare text "<".)
  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func specOutputRoundTrips() throws {
    let examples = try CommonMarkExample.load("spec-0.30.json")
    var different: [Int] = []
    for example in examples {
      let html = try CMarkEngine().render(example.markdown, options: RenderOptions(unsafe: true))
      let (original, again, _) = try roundTrip(html.html)
      if original.nodes.map(\.name) != again.nodes.map(\.name)
        || original.textContent(of: original.root) != again.textContent(of: again.root)
      {
        different.append(example.example)
      }
    }
    #expect(examples.count == 652)
    #expect(different == [])
  }
}
