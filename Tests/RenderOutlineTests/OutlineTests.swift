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

  /// A heading's anchor depends on the ids and headings before it only, so a document
  /// rendered in parts that continue one slugger gets the anchors of the whole.
  @Test func anAnchorDependsOnlyOnWhatPrecedesIt() throws {
    let whole = try MarkdownDocument.make(
      "## Usage\n\n<p id=\"usage-1\">x</p>\n\n## Usage\n\n## Usage\n", unsafe: true)
    #expect(Outline(document: whole).headings.map(\.anchor) == ["usage", "usage-2", "usage-3"])
    // An id after the heading does not renumber it (as on GitHub, the two then share one).
    let later = try MarkdownDocument.make("## Notes\n\n<p id=\"notes\">x</p>\n", unsafe: true)
    #expect(Outline(document: later).headings.map(\.anchor) == ["notes"])
    var slugger = HeadingSlugger()
    var anchors: [String] = []
    for part in ["## Usage\n", "<p id=\"usage-1\">x</p>\n", "## Usage\n", "## Usage\n"] {
      let document = try MarkdownDocument.make(part, unsafe: true)
      anchors += Outline(document: document, slugger: &slugger).headings.map(\.anchor)
    }
    #expect(anchors == ["usage", "usage-2", "usage-3"])
    // A slugger rebuilt from the anchors it took numbers the next heading alike.
    var rebuilt = HeadingSlugger(taking: slugger.anchors)
    #expect(rebuilt.slug(for: "Usage") == slugger.slug(for: "Usage"))
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
