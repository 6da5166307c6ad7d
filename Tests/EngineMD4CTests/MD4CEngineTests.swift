import EngineMD4C
import RenderKit
import Testing

@Suite struct MD4CEngineTests {
  let engine = MD4CEngine()

  private func html(_ markdown: String, _ options: RenderOptions = RenderOptions()) throws -> String
  {
    try engine.render(markdown, options: options).html
  }

  @Test func describesItself() {
    let descriptor = engine.descriptor
    #expect(descriptor.id == "md4c")
    #expect(descriptor.libraryVersion == "0.4.8")
    #expect(descriptor.concurrency == .parallel)
    // Quadratic on several pathological inputs (see PathologicalInputTests), so contained.
    #expect(!descriptor.isSafeOnHostileInput)
    #expect(
      descriptor.features == [
        .rawHTML, .hardLineBreaks, .tables, .strikethrough, .autolinks, .taskLists,
      ])
  }

  @Test func safeModeWritesRawHTMLAsText() throws {
    #expect(
      try html("<script>alert(1)</script>\n\nx")
        == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>x</p>\n")
    #expect(try html("a <b>bold</b>") == "<p>a &lt;b&gt;bold&lt;/b&gt;</p>\n")
  }

  @Test func safeModeEmptiesDangerousURLsAsCMarkDoes() throws {
    #expect(try html("[a](javascript:alert(1))") == "<p><a href=\"\">a</a></p>\n")
    #expect(try html("![i](javascript:alert(1))") == "<p><img src=\"\" alt=\"i\"></p>\n")
    #expect(try html("[a](&#106;avascript:x)") == "<p><a href=\"\">a</a></p>\n")
    #expect(try html("<JavaScript:alert(1)>") == "<p><a href=\"\">JavaScript:alert(1)</a></p>\n")
    #expect(try html("[a](data:text/html,x)") == "<p><a href=\"\">a</a></p>\n")
    #expect(
      try html("![i](data:image/png;base64,AA==)")
        == "<p><img src=\"data:image/png;base64,AA==\" alt=\"i\"></p>\n")
    #expect(try html("[a](https://x.org/a b)") == "<p>[a](https://x.org/a b)</p>\n")
    #expect(try html("[a](</a b?c&d>)") == "<p><a href=\"/a%20b?c&amp;d\">a</a></p>\n")
  }

  @Test func unsafeLetsRawHTMLAndEveryURLThrough() throws {
    let options = RenderOptions(unsafe: true)
    #expect(try html("<b>bold</b>", options) == "<p><b>bold</b></p>\n")
    #expect(try html("[a](javascript:x)", options) == "<p><a href=\"javascript:x\">a</a></p>\n")
  }

  @Test func hardLineBreaks() throws {
    #expect(try html("a\nb", RenderOptions(hardLineBreaks: true)) == "<p>a<br>\nb</p>\n")
    #expect(try html("a\nb") == "<p>a\nb</p>\n")
    #expect(
      try html("![a\nb](i)", RenderOptions(hardLineBreaks: true))
        == "<p><img src=\"i\" alt=\"a b\"></p>\n")
  }

  @Test func extensionsAreOffUnlessAsked() throws {
    let markdown = "| a |\n|---|\n| b |\n\n~~x~~ www.example.com\n\n- [x] done\n"
    let plain = try html(markdown)
    #expect(!plain.contains("<table>") && !plain.contains("<del>") && !plain.contains("<a "))
    #expect(!plain.contains("checkbox"))
    let all = try html(markdown, .md4cDialect())
    #expect(all.contains("<td>b</td>"))
    #expect(all.contains("<del>x</del>"))
    #expect(all.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
    #expect(
      all.contains(
        "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled checked>done"))
  }

  @Test func autolinksCoverURLsAddressesAndWWW() throws {
    let options = RenderOptions(extensions: [.autolinks])
    #expect(
      try html("see https://a.org/x and me@b.org", options)
        == "<p>see <a href=\"https://a.org/x\">https://a.org/x</a> and "
        + "<a href=\"mailto:me@b.org\">me@b.org</a></p>\n")
  }

  @Test func whatMD4CCannotDoIsRefusedNamingTheEnginesThatCan() throws {
    for (options, feature) in [
      (RenderOptions(smartPunctuation: true), RenderFeature.smartPunctuation),
      (RenderOptions(sourcePositions: true), .sourcePositions),
      (RenderOptions(extensions: [.footnotes]), .footnotes),
      (RenderOptions(extensions: [.superscript]), .superscript),
      (RenderOptions(extensions: [.definitionLists]), .definitionLists),
      (RenderOptions(extensions: [.tagFilter]), .tagFilter),
    ] {
      #expect(throws: RenderError.unsupportedFeature(feature, engine: "md4c", supportedBy: [])) {
        try engine.render("x", options: options)
      }
      let supporters = EngineRegistry.builtIn.engineIDs(supporting: feature)
      #expect(!supporters.contains("md4c"))
      #expect(
        throws: RenderError.unsupportedFeature(feature, engine: "md4c", supportedBy: supporters)
      ) {
        try engine.checkSupport(of: options, in: EngineRegistry.builtIn)
      }
    }
  }

  @Test func lineEndingsAndNulAreNormalised() throws {
    #expect(try html("a\r\nb\rc\u{0}") == "<p>a\nb\nc\u{FFFD}</p>\n")
    #expect(try html("") == "")
  }

  @Test func anImageInsideAnImageDescriptionEndsAtItsOwnEnd() throws {
    // md_html 0.4.8 closes the outer <img> where the inner image ends and writes " d" as
    // visible text; the description is all of the outer image's text, as CommonMark says.
    #expect(
      try html("![a ![b](c) d](e \"t\")") == "<p><img src=\"e\" alt=\"a b d\" title=\"t\"></p>\n")
    let library = MD4CEngine.libraryHTML("![a ![b](c) d](e \"t\")", options: RenderOptions())
    #expect(library.html != "<p><img src=\"e\" alt=\"a b d\" title=\"t\"></p>\n")
  }

  @Test func entitiesDecodeThroughMD4CsTable() throws {
    #expect(try html("&ngE; &nbsp; &foo; &#35; &#x1F600;") == "<p>≧̸ \u{A0} &amp;foo; # 😀</p>\n")
    // md_html writes a surrogate's bytes, which are not UTF-8; the engine writes U+FFFD.
    #expect(try html("&#xD800;") == "<p>\u{FFFD}</p>\n")
  }

  @Test func rendersThroughTheRendererInEveryOutput() throws {
    var configuration = RenderConfiguration()
    configuration.engine = "md4c"
    configuration.isolation = .inProcess
    configuration.options = .md4cDialect()
    let renderer = try Renderer(configuration: configuration)
    let markdown = "# T\n\n| a |\n|---|\n| *b* |\n"
    #expect(try renderer.html(.markdown(markdown)).html.contains("<td><em>b</em></td>"))
    #expect(try renderer.page(.markdown(markdown)).html.contains("<title>T</title>"))
    let styled = try renderer.styledText(.markdown(markdown))
    #expect(styled.string.hasPrefix("T\n"))
    #expect(styled.runs.contains { $0.style.italic })
  }
}
