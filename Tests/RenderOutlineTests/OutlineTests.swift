import RenderCore
import RenderOutline
import Testing

@Suite struct OutlineTests {
  @Test func everyHeadingGetsAnAnchorFromItsText() throws {
    let document = try MarkdownDocument.make(
      "# The *Swift* `render` tool\n\n## Usage\n\ntext\n\n## Usage\n\nSetext\n---\n")
    let outline = Outline(document: document)
    #expect(
      outline.headings.map(\.anchor) == ["the-swift-render-tool", "usage", "usage-1", "setext"])
    #expect(outline.headings.map(\.level) == [1, 2, 2, 2])
    #expect(outline.headings[0].text == "The Swift render tool")
    let anchored = outline.applying(to: document, tableOfContents: nil)
    #expect(MarkdownDocument.headingIDs(anchored) == outline.headings.map(\.anchor))
    // Everything else is copied as it was.
    #expect(anchored.textContent(of: anchored.root) == document.textContent(of: document.root))
  }

  @Test func existingIDsAreKeptAndNeverRepeated() throws {
    let document = try MarkdownDocument.make(
      "<h2 id=\"usage\">Start</h2>\n\n## Usage\n\n<p id=\"notes\">x</p>\n\n## Notes\n", unsafe: true
    )
    let outline = Outline(document: document)
    #expect(outline.headings.map(\.anchor) == ["usage", "usage-1", "notes-1"])
  }

  @Test func aPrefixGoesBeforeNewAnchors() throws {
    let document = try MarkdownDocument.make("## Install\n")
    let outline = Outline(document: document, anchorPrefix: "user-content-")
    #expect(outline.headings.map(\.anchor) == ["user-content-install"])
  }

  @Test func theTitleIsTheFirstLevelOneHeadingElseTheFirstHeading() throws {
    #expect(
      Outline(document: try MarkdownDocument.make("## Intro\n\n# Main  title\n")).title
        == "Main title")
    #expect(Outline(document: try MarkdownDocument.make("### Only\n")).title == "Only")
    #expect(Outline(document: try MarkdownDocument.make("text\n")).title == nil)
  }

  @Test func metadataSurvivesTheCopy() throws {
    var document = try MarkdownDocument.make("# A\n")
    document.metadata = ["title": .string("T")]
    let copy = Outline(document: document).applying(to: document, tableOfContents: nil)
    #expect(copy.metadata == document.metadata)
  }
}
