import EngineDiscount
import RenderCore
import Testing

@Suite struct DiscountEngineTests {
  let engine = DiscountEngine()

  private func html(_ markdown: String, _ options: RenderOptions = RenderOptions()) throws -> String
  {
    try engine.render(markdown, options: options).html
  }

  @Test func describesItself() {
    let descriptor = engine.descriptor
    #expect(descriptor.id == "discount")
    #expect(descriptor.libraryVersion == "2.2.7")
    #expect(!descriptor.isSafeOnHostileInput)
    #expect(descriptor.concurrency == .serialized)
    #expect(!descriptor.features.contains(.sourcePositions))
  }

  @Test func safeByDefault() throws {
    #expect(try html("<script>alert(1)</script>") == "<p>&lt;script>alert(1)&lt;/script></p>")
    #expect(try !html("[a](javascript:alert(1))").contains("href=\"javascript"))
  }

  @Test func imagesWithDangerousSourcesAreEmptied() throws {
    // Discount ends the destination at the first `)`, so the second one stays as text.
    #expect(try html("![i](javascript:alert(1))") == "<p><img src=\"\" alt=\"i\" />)</p>")
    #expect(try html("![i](JAVASCRIPT:alert`1`)") == "<p><img src=\"\" alt=\"i\" /></p>")
    #expect(try html("![i][x]\n\n[x]: vbscript:msgbox") == "<p><img src=\"\" alt=\"i\" /></p>")
    // Discount escapes the `&`, so a browser reads a harmless relative URL.
    #expect(
      try html("![i](&#106;avascript:x)")
        == "<p><img src=\"&amp;#106;avascript:x\" alt=\"i\" /></p>")
    #expect(
      try html("![i](https://example.com/a.png)")
        == "<p><img src=\"https://example.com/a.png\" alt=\"i\" /></p>")
  }

  @Test func unsafeLetsRawHTMLThrough() throws {
    #expect(try html("<b>bold</b>", RenderOptions(unsafe: true)) == "<p><b>bold</b></p>")
  }

  @Test func smartPunctuationIsOffUnlessAsked() throws {
    #expect(try html("\"Hi\"") == "<p>\"Hi\"</p>")
    #expect(try html("\"Hi\"", RenderOptions(smartPunctuation: true)) == "<p>&ldquo;Hi&rdquo;</p>")
  }

  @Test func hardLineBreaks() throws {
    #expect(try html("a\nb", RenderOptions(hardLineBreaks: true)).contains("<br"))
    #expect(try !html("a\nb").contains("<br"))
  }

  @Test func fencedCodeIsAlwaysOn() throws {
    #expect(try html("```\ncode\n```").contains("<pre><code>code"))
  }

  @Test func extensionsAreOffUnlessAsked() throws {
    let table = "| a |\n|---|\n| b |"
    #expect(try !html(table).contains("<table"))
    #expect(try html(table, RenderOptions(extensions: [.tables])).contains("<table"))
    #expect(try !html("~~x~~").contains("<del>"))
    #expect(try html("~~x~~", RenderOptions(extensions: [.strikethrough])).contains("<del>x</del>"))
    #expect(try !html("a^b").contains("<sup>"))
    #expect(try html("a^b", RenderOptions(extensions: [.superscript])).contains("<sup>b</sup>"))
    #expect(try !html("see https://example.com").contains("<a "))
    #expect(
      try html("see https://example.com", RenderOptions(extensions: [.autolinks])).contains(
        "<a href=\"https://example.com\""))
    let footnote = "x[^1]\n\n[^1]: note"
    #expect(try !html(footnote).contains("footnote"))
    #expect(
      try html(footnote, RenderOptions(extensions: [.footnotes])).contains("class=\"footnote"))
    let definition = "=term=\n    meaning"
    #expect(try !html(definition).contains("<dl>"))
    #expect(try html(definition, RenderOptions(extensions: [.definitionLists])).contains("<dl>"))
    // Heading ids are the framework's (RenderOutline), never Discount's own MKD_IDANCHOR ones.
    #expect(try !html("# Title").contains("id="))
    #expect(try !html("# Title", RenderOptions(headingAnchors: true)).contains("id="))
  }

  @Test func discountOnlySyntaxIsOff() throws {
    #expect(try html("% Title\n% Author\n\ntext").contains("% Title"))
    #expect(try !html("a. one\nb. two").contains("<ol"))
    #expect(try !html(">%note%\n>text").contains("<div class=\"note\""))
    #expect(try !html("[x](abbr:Hypertext)").contains("<abbr"))
  }

  @Test func sourcePositionsAreRefusedNamingNoOne() {
    #expect(
      throws: RenderError.unsupportedFeature(.sourcePositions, engine: "discount", supportedBy: [])
    ) {
      try engine.render("x", options: RenderOptions(sourcePositions: true))
    }
  }

  @Test func lineEndingsAndNulAreNormalised() throws {
    #expect(try html("a\r\nb\rc\u{0}") == "<p>a\nb\nc\u{FFFD}</p>")
  }
}
