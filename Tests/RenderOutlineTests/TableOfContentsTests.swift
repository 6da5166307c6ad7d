import RenderCore
import RenderOutline
import Testing

@Suite struct TableOfContentsTests {
  private typealias Entry = TableOfContents.Entry

  /// The tree as `text(children)` strings, to compare shapes at a glance.
  private func shape(_ entries: [Entry]) -> String {
    entries.map { entry in
      entry.children.isEmpty ? entry.text : "\(entry.text)(\(shape(entry.children)))"
    }.joined(separator: " ")
  }

  private func contents(_ markdown: String, levels: ClosedRange<Int> = 1...6) throws
    -> TableOfContents
  {
    TableOfContents(outline: Outline(document: try MarkdownDocument.make(markdown)), levels: levels)
  }

  @Test func nestsByLevel() throws {
    let toc = try contents("# T\n## A\n### A1\n### A2\n## B\n#### B1\n### B2\n## C\n")
    #expect(shape(toc.entries) == "T(A(A1 A2) B(B1 B2) C)")
  }

  @Test func keepsOnlyTheLevelsAsked() throws {
    let toc = try contents("# T\n## A\n### A1\n#### deep\n## B\n", levels: 2...3)
    #expect(shape(toc.entries) == "A(A1) B")
    #expect(toc.entries.map(\.anchor) == ["a", "b"])
  }

  @Test func aShallowerHeadingAfterADeepStartJoinsTheTopList() throws {
    let toc = try contents("### first\n## second\n### third\n")
    #expect(shape(toc.entries) == "first second(third)")
  }

  @Test func replacesTheMarkerParagraph() throws {
    let markdown = "# Title\n\n[[_TOC_]]\n\n## One\n\n## Two\n"
    let document = try MarkdownDocument.make(markdown)
    let outline = Outline(document: document)
    let result = outline.applying(
      to: document, tableOfContents: TableOfContents(outline: outline, levels: 2...2))
    let text = result.textContent(of: result.root)
    #expect(!text.contains("TOC"))
    let links = self.links(in: result)
    #expect(links == ["#one", "#two"])
    // The list stands where the marker was: after the title, before the first section.
    #expect(text.hasPrefix("Title"))
    #expect(order(of: ["nav", "h2"], in: result) == ["nav", "h2", "h2"])
  }

  @Test func theCommentMarkerWorksInSafeOutputToo() throws {
    let markdown = TableOfContentsMarker.normalize("## A\n\n<!-- toc -->\n\n## B\n")
    let document = try MarkdownDocument.make(markdown)
    let outline = Outline(document: document)
    let result = outline.applying(to: document, tableOfContents: TableOfContents(outline: outline))
    #expect(order(of: ["nav", "h2"], in: result) == ["h2", "nav", "h2"])
  }

  @Test func withoutAMarkerItGoesFirstInTheBody() throws {
    let document = try MarkdownDocument.make("Intro\n\n## A\n")
    let outline = Outline(document: document)
    let result = outline.applying(to: document, tableOfContents: TableOfContents(outline: outline))
    #expect(order(of: ["nav", "p", "h2"], in: result) == ["nav", "p", "h2"])
    #expect(links(in: result) == ["#a"])
  }

  @Test func noHeadingsMeansNoList() throws {
    let document = try MarkdownDocument.make("just text\n")
    let outline = Outline(document: document)
    let result = outline.applying(to: document, tableOfContents: TableOfContents(outline: outline))
    #expect(order(of: ["nav", "ul"], in: result).isEmpty)
  }

  private func links(in document: Document) -> [String] {
    var hrefs: [String] = []
    document.forEachDescendant(of: document.root) { id in
      if let href = document.nodes[id].attribute("href") { hrefs.append(href) }
    }
    return hrefs
  }

  private func order(of names: Set<String>, in document: Document) -> [String] {
    var found: [String] = []
    document.forEachDescendant(of: document.root) { id in
      if names.contains(document.nodes[id].name) { found.append(document.nodes[id].name) }
    }
    return found
  }
}
