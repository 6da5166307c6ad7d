import Foundation
import RenderKit
import Testing

@Suite("HTML page structure")
struct PageStructureTests {
  private func page(
    _ body: String, css: String = "body { color: #222 }", title: String? = nil,
    fileName: String? = nil, language: String? = nil, baseURL: String? = nil
  ) throws -> HTMLPage {
    try HTMLPage(
      fragment: HTMLFragment(html: body, engineID: "cmark"), stylesheet: Stylesheet(css: css),
      title: title, fileName: fileName, language: language, baseURL: baseURL)
  }

  @Test func hasTheStandardHead() throws {
    let html = try page("<p>x</p>\n", language: "en").html
    #expect(
      html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
    #expect(
      html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(html.contains("<style>\nbody { color: #222 }\n</style>\n</head>"))
    #expect(html.contains("<body>\n<main class=\"markdown-body\">\n<p>x</p>\n\n</main>\n</body>"))
    #expect(html.hasSuffix("</html>\n"))
  }

  /// What a page writes (its UTF-8, made without a `String` of the page) is its `html`,
  /// byte for byte, whatever its head holds and whether its fragment is text or an engine's
  /// bytes.
  @Test func itsBytesAreItsHTML() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    configuration.language = "en"
    configuration.baseURL = "https://example.com/a?b=\"c\""
    configuration.pageColorScheme = .dark
    let rendered = try Renderer(configuration: configuration).run(
      RenderJob(.markdown("# Tïtle & <more>\n\n\"é\" :smile:\n"), to: .page(fileName: nil)))
    let made = try #require(rendered.page)
    #expect(rendered.utf8 == Data(made.html.utf8))
    let given = try page("<p>é &amp; \"x\"</p>\n", language: "fr", baseURL: "/")
    #expect(RenderResult.page(given).utf8 == Data(given.html.utf8))
  }

  @Test func leavesOutWhatIsNotGiven() throws {
    let html = try page("<p>x</p>", css: " \n").html
    #expect(html.contains("<html>\n"))
    #expect(!html.contains("<style"))
    #expect(!html.contains("<base"))
  }

  @Test func aGivenTitleWins() throws {
    let page = try page("<h1>Heading</h1>", title: "Given", fileName: "file.md")
    #expect(page.title == "Given")
    #expect(page.html.contains("<title>Given</title>"))
  }

  /// The page a renderer makes of the HTML `body`: its title is the ``TitlePass``'s.
  private func renderedPage(_ body: String, fileName: String? = nil) throws -> HTMLPage {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    return try Renderer(configuration: configuration).page(.html(body), fileName: fileName)
  }

  @Test func theFirstH1IsPreferredOverEarlierHeadings() throws {
    let body = "<h2>Second level</h2><p>text</p><h1 id=\"top\">The <em>main</em> title</h1>"
    #expect(try renderedPage(body, fileName: "file.md").title == "The main title")
  }

  @Test func anyHeadingWhenThereIsNoH1() throws {
    #expect(try renderedPage("<p>a</p><h3>Third</h3><h2>Second</h2>").title == "Third")
  }

  @Test func headingTextIsDecodedAndCollapsed() throws {
    let body = "<h1>\n  Fish &amp; <code>chips</code>\n  &lt;3 &#x263A; <!-- note --></h1>"
    #expect(try renderedPage(body).title == "Fish & chips <3 ☺")
  }

  @Test func headingsInCommentsScriptsAndEmptyOnesAreSkipped() throws {
    let body =
      "<!-- <h1>commented</h1> --><script>\"<h1>in script</h1>\"</script>"
      + "<h1><img src=\"x.png\"></h1><h1 title=\"a>b\">Real</h1>"
    #expect(try renderedPage(body).title == "Real")
  }

  @Test func theFileNameWhenThereIsNoHeading() throws {
    #expect(try page("<p>text</p>", fileName: "notes.md").title == "notes.md")
  }

  @Test func untitledAsTheLastResort() throws {
    let page = try page("<p>text</p>")
    #expect(page.title == "Untitled")
    #expect(page.html.contains("<title>Untitled</title>"))
  }

  @Test func theTitleIsEscaped() throws {
    let html = try renderedPage("<h1>a &lt;/title&gt;&lt;script&gt; &amp; b</h1>").html
    #expect(html.contains("<title>a &lt;/title&gt;&lt;script&gt; &amp; b</title>"))
  }

  @Test func theBaseURLIsEscaped() throws {
    let html = try page("<p>x</p>", baseURL: "https://example.org/a\"><script>b&c").html
    #expect(html.contains("<base href=\"https://example.org/a&quot;&gt;&lt;script&gt;b&amp;c\">"))
  }

  @Test func noStylesheetCanCloseTheStyleElement() throws {
    let css = "a::after { content: \"</style><script>x</script>\" } /* </STYLE > */ </sTyLe"
    let html = try page("<p>x</p>", css: css).html
    let style = html.components(separatedBy: "<style>\n")[1].components(separatedBy: "\n</style>")
    #expect(style.count == 2)
    #expect(
      style[0]
        == "a::after { content: \"<\\/style><script>x</script>\" } /* <\\/STYLE > */ <\\/sTyLe")
    #expect(!style[0].lowercased().contains("</style"))
  }

  @Test func colorSchemeMetaOnlyWithADarkVariant() throws {
    let dark =
      "body { background: white } @media ( PREFERS-color-scheme :  dark ) { body { color: white } }"
    #expect(
      try page("x", css: dark).html.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
    let lightOnly = "@media (prefers-color-scheme: light) { body { color: black } }"
    #expect(try !page("x", css: lightOnly).html.contains("name=\"color-scheme\""))
    #expect(try !page("x").html.contains("color-scheme"))
  }
}
