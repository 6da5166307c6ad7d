import RenderKit
import Testing

/// HTML given as input is as safe by default as Markdown: sanitized unless `unsafe` is set.
@Suite struct HTMLInputSafetyTests {
  let hostile = #"<p onclick="x()">Hi <script>evil()</script><a href="javascript:x()">a</a></p>"#

  @Test func sanitizedUnlessUnsafe() throws {
    #expect(try Renderer().html(.html(hostile)).html == "<p>Hi <a>a</a></p>")
    var configuration = RenderConfiguration()
    configuration.options.unsafe = true
    #expect(try Renderer(configuration: configuration).html(.html(hostile)).html == hostile)
    configuration.sanitize = true
    #expect(
      try Renderer(configuration: configuration).html(.html(hostile)).html == "<p>Hi <a>a</a></p>")
  }

  @Test func aRendererWithoutASanitizerRefusesHTMLInSafeMode() throws {
    let renderer = try Renderer(registry: .builtIn, importer: HTMLImporter())
    #expect(throws: RenderError.self) { try renderer.html(.html(hostile)) }
  }

  @Test func aPageFromAWholeDocumentKeepsItsTitle() throws {
    let page = try Renderer().page(
      .html("<html><head><title> Notes </title></head><body><h1>Other</h1></body></html>"))
    #expect(page.title == "Notes")
    #expect(page.fragment.html == "<h1>Other</h1>")
    var configuration = RenderConfiguration()
    configuration.title = "Given"
    #expect(
      try Renderer(configuration: configuration).page(.html("<title>Notes</title>")).title
        == "Given"
    )
  }
}
