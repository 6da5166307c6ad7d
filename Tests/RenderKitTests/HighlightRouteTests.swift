import Foundation
import RenderKit
import TestSupport
import Testing

/// Highlighted fenced blocks on the engine's route (``CodeReplacingEngine``: the engine's own
/// HTML with each block replaced) and on the document route (engine → document →
/// `HighlightPass` → serializer): the same HTML, byte for byte, on each engine that replaces
/// code.
@Suite struct HighlightRouteTests {
  static let engines = EngineRegistry.builtIn.engines.filter { $0 is any CodeReplacingEngine }
    .map(\.descriptor.id)

  /// The fixture README, and each code fixture of RenderHighlightTests fenced in its
  /// language, with a line of prose around it.
  static func fixtures() throws -> [(name: String, markdown: String)] {
    let readme = try String(
      contentsOf: SharedFixtures.fixture("Fixtures/Highlight/readme.md"), encoding: .utf8)
    let folder = SharedFixtures.fixture("RenderHighlightTests/Fixtures")
    let languages = [
      "c": "c", "cpp": "cpp", "css": "css", "diff": "diff", "dockerfile": "dockerfile",
      "go": "go", "html": "html", "java": "java", "js": "js", "json": "json", "kt": "kotlin",
      "m": "objc", "md": "markdown", "py": "python", "rb": "ruby", "rs": "rust", "sh": "sh",
      "sql": "sql", "swift": "swift", "toml": "toml", "ts": "typescript", "yaml": "yaml",
    ]
    var fixtures = [("readme.md", readme)]
    for (suffix, language) in languages.sorted(by: { $0.key < $1.key }) {
      let code = try String(
        contentsOf: folder.appendingPathComponent("sample.\(suffix)"), encoding: .utf8)
      let fence = code.contains("```") ? "~~~~" : "```"
      fixtures.append(
        ("sample.\(suffix)", "Some \(language):\n\n\(fence)\(language)\n\(code)\(fence)\n\nDone.\n")
      )
    }
    return fixtures
  }

  private func renderer(_ engine: String) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    // Highlighting as the one pass: the fixtures' headings would otherwise be anchored.
    configuration.disabledExtensions = [.headingAnchors, .allowedHTML]
    return try Renderer(configuration: configuration)
  }

  @Test func theEnginesWithATreeTakeTheRoute() {
    #expect(Self.engines == ["cmark", "cmark-gfm"])
  }

  @Test(
    "the engine's route writes the document route's highlighted HTML", arguments: engines)
  func routesAgree(engine: String) throws {
    let renderer = try renderer(engine)
    let replacing = try #require(
      EngineRegistry.builtIn.engine(id: engine) as? any CodeReplacingEngine)
    for (name, markdown) in try Self.fixtures() {
      let fragment = try renderer.html(.markdown(markdown)).html
      // The pipeline took the engine's route: its HTML with the blocks replaced.
      let direct = try replacing.render(
        markdown, options: renderer.options, replacing: HighlightPass())
      #expect(fragment == direct?.html, "\(name)")
      #expect(fragment.contains("<span class=\""), "\(name) is highlighted")
      let document = try renderer.document(.markdown(markdown))
      let serialised = HTMLSerializer.fragment(
        of: document, layout: replacing.descriptor.htmlLayout)
      #expect(fragment == serialised, "\(name)")
    }
  }

  @Test("source positions take the document route, which keeps them", arguments: engines)
  func sourcePositions(engine: String) throws {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    configuration.options.sourcePositions = true
    let renderer = try Renderer(configuration: configuration)
    let html = try renderer.html(.markdown("Text.\n\n```swift\nlet x = 1\n```\n")).html
    #expect(html.contains("<pre data-sourcepos=\"3:1-5:3\"><code class=\"language-swift\">"))
    #expect(html.contains("<span class=\"k\">let</span>"))
  }
}
