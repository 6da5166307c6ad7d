import RenderCore
import RenderOutline
import Testing

/// The anchors the default pass sets read the headings' text as bytes: these hold it to
/// github-slugger's cases (the ones ``HeadingSluggerTests`` writes out), ASCII and not.
@Suite struct HeadingAnchorsPassTests {
  /// The `id`s the pass gives headings of these texts, one `h2` each, built without a parse
  /// so that the text reaches the pass exactly as written (white space around it included).
  private func anchors(_ texts: [String], idPrefix: String = "") -> [String] {
    var document = Document()
    var headings: [Document.NodeID] = []
    for text in texts {
      let heading = document.appendElement("h2", to: document.root)
      document.appendText(text, to: heading)
      headings.append(heading)
    }
    let context = DocumentPassContext(
      options: RenderOptions(headingAnchors: true), idPrefix: idPrefix)
    HeadingAnchorsPass().apply(to: &document, in: context)
    return headings.map { document.attribute("id", of: $0) ?? "" }
  }

  @Test func asciiTextTakesGitHubsSlugs() {
    #expect(
      anchors([
        "Hello World", "heading with a - dash", "heading with an _ underscore",
        "heading with a period.txt", "exchange.bind_headers(exchange, routing [, bindCallback])",
        "__proto__", "  \tPadded\n Heading \r\n", "Tab\tinside", "Hello World",
      ]) == [
        "hello-world", "heading-with-a---dash", "heading-with-an-_-underscore",
        "heading-with-a-periodtxt", "exchangebind_headersexchange-routing--bindcallback",
        "__proto__", "padded-heading", "tabinside", "hello-world-1",
      ])
  }

  @Test func textBeyondASCIIKeepsUnicodesRules() {
    #expect(
      anchors([
        "I ♥ unicode", "en–dash", "😄 unicode emoji", "Привет non-latin 你好", "Café crème",
        "x² and ½", "\u{00A0}No-break\u{00A0}", "apostrophe’s should be trimmed", "ÉCOLE",
      ]) == [
        "i--unicode", "endash", "-unicode-emoji", "привет-non-latin-你好", "café-crème",
        "x-and-", "no-break", "apostrophes-should-be-trimmed", "école",
      ])
  }

  @Test func anchorsOfTextInsideElementsAndAfterIDsAreNumbered() {
    var document = Document()
    let first = document.appendElement("h1", to: document.root)
    document.appendText("Usage ", to: first)
    let code = document.appendElement("code", to: first)
    document.appendText("run", to: code)
    let paragraph = document.appendElement(
      "p", attributes: [.init(name: "id", value: "usage-run-1")], to: document.root)
    document.appendText("x", to: paragraph)
    let second = document.appendElement(
      "h3", attributes: [.init(name: "class", value: "x"), .init(name: "id", value: "")],
      to: document.root)
    document.appendText("Usage run", to: second)
    HeadingAnchorsPass().apply(
      to: &document,
      in: DocumentPassContext(
        options: RenderOptions(headingAnchors: true), idPrefix: "user-content-"))
    #expect(document.attribute("id", of: first) == "user-content-usage-run")
    #expect(document.attribute("id", of: second) == "user-content-usage-run-2")
    // An empty id is replaced where it stood; other attributes stay as they were.
    #expect(
      document.attributes(of: second).map(\.name) == ["class", "id"]
        && document.attributes(of: first).map(\.name) == ["id"])
  }
}
