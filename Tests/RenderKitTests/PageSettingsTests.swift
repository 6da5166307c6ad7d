import Foundation
import RenderKit
import Testing

/// CSS given as text, and the page's language and base URL, from code and from render.json.
@Suite struct PageSettingsTests {
  @Test func stylesheetTextStylesPagesAndStyledText() throws {
    var configuration = RenderConfiguration()
    configuration.stylesheetCSS = "h1 { color: #0a0b0c; }"
    let renderer = try Renderer(configuration: configuration)
    #expect(try renderer.page(.markdown("# Title")).html.contains("h1 { color: #0a0b0c; }"))
    let styled = try renderer.styledText(.markdown("# Title"))
    let color = try #require(styled.runs.first?.style.foregroundColor)
    #expect(color == CSSColor(red: 0x0a, green: 0x0b, blue: 0x0c))
  }

  @Test func aFileAndTextTogetherAreRefused() {
    var configuration = RenderConfiguration()
    configuration.stylesheet = "site.css"
    configuration.stylesheetCSS = "p {}"
    #expect {
      _ = try Renderer(configuration: configuration)
    } throws: { error in
      (error as? RenderError)?.description.contains("keep one of them") == true
    }
  }

  @Test func languageAndBaseURLReachThePage() throws {
    var configuration = RenderConfiguration()
    configuration.language = "de"
    configuration.baseURL = "https://example.com/docs/"
    let html = try Renderer(configuration: configuration).page(.markdown("[a](b.html)")).html
    #expect(html.contains("<html lang=\"de\">"))
    #expect(html.contains("<base href=\"https://example.com/docs/\">"))
  }

  @Test func renderJSONSetsLanguageAndBaseURL() throws {
    let json = #"{"language": "fr", "baseURL": "/site/"}"#
    let configuration = try RenderConfiguration.parse(Data(json.utf8), source: "render.json")
    #expect(configuration.language == "fr")
    #expect(configuration.baseURL == "/site/")
    let wrongType = #"{"language": 3}"#
    #expect(throws: RenderError.self) {
      _ = try RenderConfiguration.parse(Data(wrongType.utf8), source: "render.json")
    }
  }

  @Test(arguments: ["javascript:alert(1)", " JavaScript:x", "data:text/html,x", "file:///etc/"])
  func aBaseURLThatCouldRunScriptIsRefused(url: String) {
    var configuration = RenderConfiguration()
    configuration.baseURL = url
    #expect(throws: RenderError.self) { _ = try Renderer(configuration: configuration) }
  }
}
