import EngineCMarkGFM
import RenderCore
import Testing

@Suite struct CMarkGFMEngineTests {
  let engine = CMarkGFMEngine()

  private func html(_ markdown: String, _ options: RenderOptions = RenderOptions()) throws -> String
  {
    try engine.render(markdown, options: options).html
  }

  private func gfm(_ extensions: RenderFeature..., unsafe: Bool = false) -> RenderOptions {
    RenderOptions(unsafe: unsafe, extensions: Set(extensions))
  }

  @Test func describesItself() {
    let descriptor = engine.descriptor
    #expect(descriptor.id == "cmark-gfm")
    #expect(descriptor.libraryVersion == "0.29.0.gfm.6")
    #expect(
      descriptor.features == [
        .rawHTML, .smartPunctuation, .hardLineBreaks, .sourcePositions, .tables, .strikethrough,
        .footnotes, .autolinks, .taskLists, .tagFilter,
      ])
  }

  @Test func safeByDefault() throws {
    #expect(try html("<script>alert(1)</script>\n\nx") == "<!-- raw HTML omitted -->\n<p>x</p>\n")
    #expect(try html("[a](javascript:alert(1))") == "<p><a href=\"\">a</a></p>\n")
    #expect(try html("![i](javascript:alert(1))") == "<p><img src=\"\" alt=\"i\" /></p>\n")
  }

  @Test func withoutExtensionsItIsCommonMark() throws {
    #expect(try html("| a |\n| - |\n| b |") == "<p>| a |\n| - |\n| b |</p>\n")
    #expect(try html("~~x~~ www.example.com") == "<p>~~x~~ www.example.com</p>\n")
    #expect(try html("- [ ] todo") == "<ul>\n<li>[ ] todo</li>\n</ul>\n")
  }

  @Test func tables() throws {
    let output = try html("| a | b |\n|:--|--:|\n| 1 | 2 |", gfm(.tables))
    #expect(output.contains("<th align=\"left\">a</th>"))
    #expect(output.contains("<td align=\"right\">2</td>"))
  }

  @Test func strikethrough() throws {
    #expect(try html("~~gone~~", gfm(.strikethrough)) == "<p><del>gone</del></p>\n")
  }

  @Test func autolinks() throws {
    let output = try html("www.example.com, https://a.b/c and me@example.com", gfm(.autolinks))
    #expect(output.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
    #expect(output.contains("<a href=\"https://a.b/c\">https://a.b/c</a>"))
    #expect(output.contains("<a href=\"mailto:me@example.com\">me@example.com</a>"))
  }

  @Test func taskLists() throws {
    let output = try html("- [ ] open\n- [x] done", gfm(.taskLists))
    #expect(output.contains("<li><input type=\"checkbox\" disabled=\"\" /> open</li>"))
    #expect(output.contains("<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>"))
  }

  @Test func tagFilterEscapesFilteredTagsWhenRawHTMLPasses() throws {
    let markdown = "<b>kept</b> <script>x</script> <iframe src=a></iframe>"
    let filtered = try html(markdown, gfm(.tagFilter, unsafe: true))
    #expect(filtered.contains("<b>kept</b>"))
    #expect(filtered.contains("&lt;script>") && filtered.contains("&lt;iframe"))
    #expect(!filtered.contains("<script"))
    #expect(try html(markdown, gfm(unsafe: true)).contains("<script>x</script>"))
  }

  @Test func footnotes() throws {
    let output = try html("Text[^1].\n\n[^1]: The note.", gfm(.footnotes))
    #expect(output.contains("<sup class=\"footnote-ref\"><a href=\"#fn-1\""))
    #expect(output.contains("<section class=\"footnotes\""))
  }

  @Test func neutralOptions() throws {
    #expect(
      try html("\"Hi\" -- it's...", RenderOptions(smartPunctuation: true))
        == "<p>“Hi” – it’s…</p>\n")
    #expect(try html("a\nb", RenderOptions(hardLineBreaks: true)) == "<p>a<br />\nb</p>\n")
    #expect(
      try html("# T", RenderOptions(sourcePositions: true))
        == "<h1 data-sourcepos=\"1:1-1:3\">T</h1>\n")
  }

  @Test func unsupportedExtensionsAreRefusedByName() {
    #expect(
      throws: RenderError.unsupportedFeature(.superscript, engine: "cmark-gfm", supportedBy: [])
    ) {
      try engine.render("a^b", options: RenderOptions(extensions: [.superscript]))
    }
  }

  @Test func lineEndingsAndNulAreNormalised() throws {
    #expect(try html("a\r\nb\rc\u{0}") == "<p>a\nb\nc\u{FFFD}</p>\n")
  }

  @Test func outputOutlivesManyRenders() throws {
    // Each output is taken out of its document's arena, which goes with the document: a small
    // one copied out, a large one (past the arena's small blocks) as it is.
    let table = String(repeating: "| a | b |\n| - | - |\n| 1 | ~2~ |\n\n", count: 200)
    let large = try engine.render(table, options: gfm(.tables, .strikethrough))
    let fragments = try (0..<200).map { try engine.render("*\($0)*", options: RenderOptions()) }
    #expect(fragments[137].html == "<p><em>137</em></p>\n")
    #expect(large.html.utf8.count > 10_000)
    #expect(large.html.components(separatedBy: "<del>2</del>").count == 201)
  }
}
