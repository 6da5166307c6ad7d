import EngineCMark
import RenderCore
import Testing

@Suite struct CMarkEngineTests {
  let engine = CMarkEngine()

  private func html(_ markdown: String, _ options: RenderOptions = RenderOptions()) throws -> String
  {
    try engine.render(markdown, options: options).html
  }

  @Test func describesItself() {
    let descriptor = engine.descriptor
    #expect(descriptor.id == "cmark")
    #expect(descriptor.libraryVersion == "0.30.2")
    // libcmark 0.30.2 runs for minutes on some of cmark's own pathological inputs.
    #expect(!descriptor.isSafeOnHostileInput)
    #expect(
      descriptor.features == [.rawHTML, .smartPunctuation, .hardLineBreaks, .sourcePositions])
  }

  @Test func safeByDefault() throws {
    #expect(try html("<script>alert(1)</script>\n\nx") == "<!-- raw HTML omitted -->\n<p>x</p>\n")
    #expect(try html("[a](javascript:alert(1))") == "<p><a href=\"\">a</a></p>\n")
    #expect(try html("![i](javascript:alert(1))") == "<p><img src=\"\" alt=\"i\" /></p>\n")
  }

  @Test func unsafeLetsRawHTMLThrough() throws {
    #expect(try html("<b>bold</b>", RenderOptions(unsafe: true)) == "<p><b>bold</b></p>\n")
  }

  @Test func smartPunctuation() throws {
    #expect(
      try html("\"Hi\" -- it's...", RenderOptions(smartPunctuation: true))
        == "<p>“Hi” – it’s…</p>\n")
    #expect(try html("\"Hi\"") == "<p>&quot;Hi&quot;</p>\n")
  }

  @Test func hardLineBreaks() throws {
    #expect(try html("a\nb", RenderOptions(hardLineBreaks: true)) == "<p>a<br />\nb</p>\n")
    #expect(try html("a\nb") == "<p>a\nb</p>\n")
  }

  @Test func sourcePositions() throws {
    #expect(
      try html("# T", RenderOptions(sourcePositions: true))
        == "<h1 data-sourcepos=\"1:1-1:3\">T</h1>\n")
  }

  @Test func extensionsAreRefusedByName() {
    #expect(throws: RenderError.unsupportedFeature(.tables, engine: "cmark", supportedBy: [])) {
      try engine.render("| a |", options: RenderOptions(extensions: [.tables]))
    }
  }

  @Test func lineEndingsAndNulAreNormalised() throws {
    #expect(try html("a\r\nb\rc\u{0}") == "<p>a\nb\nc\u{FFFD}</p>\n")
  }
}
