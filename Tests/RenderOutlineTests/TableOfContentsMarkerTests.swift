import RenderOutline
import Testing

@Suite struct TableOfContentsMarkerTests {
  @Test func rewritesACommentLineKeepingEverythingElse() {
    #expect(
      TableOfContentsMarker.normalize("# A\n\n  <!-- TOC -->  \n\n## B\n")
        == "# A\n\n[[_TOC_]]\n\n## B\n")
    #expect(TableOfContentsMarker.normalize("<!--toc-->") == "[[_TOC_]]")
  }

  @Test func leavesCodeAndOtherCommentsAlone() {
    let fenced = "```\n<!-- toc -->\n```\n\n~~~~\n```\n<!-- toc -->\n~~~~\n"
    #expect(TableOfContentsMarker.normalize(fenced) == fenced)
    let indented = "    <!-- toc -->\n"
    #expect(TableOfContentsMarker.normalize(indented) == indented)
    let other = "<!-- a note -->\ntext <!-- toc -->\n"
    #expect(TableOfContentsMarker.normalize(other) == other)
  }
}
