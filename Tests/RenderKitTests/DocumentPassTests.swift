import Foundation
import RenderKit
import Testing

/// An app's own pass over the document: it runs for every output, between the anchors and the
/// title, and costs nothing when it is not active.
@Suite struct DocumentPassTests {
  /// Rewrites `http:` links to `https:`; active unless the options ask for hard line breaks
  /// (any switch would do: the test needs a way to turn it off).
  struct HTTPSLinks: DocumentPass {
    let id = "https-links"
    func isActive(in context: DocumentPassContext) -> Bool { !context.options.hardLineBreaks }
    func apply(to document: inout Document, in context: DocumentPassContext) {
      for id in document.nodes.indices {
        guard let href = document.nodes[id].attribute("href"), href.hasPrefix("http:") else {
          continue
        }
        document.setAttribute("href", to: "https:" + href.dropFirst(5), of: id)
      }
    }
  }

  /// Records the ids of the headings it sees, to show the order passes run in.
  struct HeadingIDs: DocumentPass {
    let id = "heading-ids"
    func isActive(in context: DocumentPassContext) -> Bool { true }
    func apply(to document: inout Document, in context: DocumentPassContext) {
      let ids = document.nodes.filter { $0.name == "h2" }.compactMap { $0.attribute("id") }
      document.metadata["seen"] = .string(ids.joined(separator: ","))
    }
  }

  private let markdown =
    "## Links\n\nSee [the site](http://example.com/a) and <http://example.org>.\n"

  private func renderer(
    engine: String, passes: [any DocumentPass],
    _ change: (inout RenderConfiguration) -> Void = {
      _ in
    }
  ) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    change(&configuration)
    return try Renderer(configuration: configuration, passes: passes)
  }

  @Test(arguments: ["cmark-gfm", "cmark", "discount", "md4c"])
  func aPassChangesEveryOutput(engine: String) throws {
    let renderer = try renderer(engine: engine, passes: [HTTPSLinks()])
    let fragment = try renderer.html(.markdown(markdown)).html
    #expect(fragment.contains(#"href="https://example.com/a""#))
    #expect(!fragment.contains(#"href="http:"#))
    let page = try renderer.page(.markdown(markdown)).html
    #expect(page.contains(#"href="https://example.com/a""#) && !page.contains(#"href="http:"#))
    let links = try renderer.styledText(.markdown(markdown)).runs.compactMap(\.style.link)
    #expect(!links.isEmpty && links.allSatisfy { $0.hasPrefix("https:") })
    let json = try #require(try renderer.run(RenderJob(.markdown(markdown), to: .json)).utf8)
    #expect(!String(decoding: json, as: UTF8.self).contains(#""link":"http:"#))
  }

  @Test(arguments: ["cmark-gfm", "discount"])
  func anInactivePassLeavesTheEnginesOwnHTML(engine: String) throws {
    // Without the gfm profile's anchors and allowlist, which are active on this Markdown.
    let plain = try renderer(engine: engine, passes: []) {
      $0.options.hardLineBreaks = true
      $0.disabledExtensions = [.headingAnchors, .allowedHTML]
    }
    let withPass = try renderer(engine: engine, passes: [HTTPSLinks()]) {
      $0.options.hardLineBreaks = true
      $0.disabledExtensions = [.headingAnchors, .allowedHTML]
    }
    let expected = try plain.engine.render(markdown, options: plain.options)
    #expect(try withPass.html(.markdown(markdown)) == expected)
  }

  @Test func passesRunAfterTheAnchorsAndForHTMLInputToo() throws {
    let renderer = try renderer(engine: "cmark-gfm", passes: [HeadingIDs(), HTTPSLinks()]) {
      $0.options.headingAnchors = true
    }
    // After the gfm profile's `user-content-` prefix too.
    let document = try renderer.document(.markdown(markdown))
    #expect(document.metadata["seen"] == .string("user-content-links"))
    let imported = try renderer.document(.html(#"<h2 id="x">X</h2><a href="http://a.b">a</a>"#))
    #expect(imported.metadata["seen"] == .string("user-content-x"))
    let link = try #require(imported.nodes.first { $0.name == "a" })
    #expect(link.attribute("href") == "https://a.b")
  }

  @Test func theTitleIsAPassThatOnlyPagesRun() throws {
    let renderer = try renderer(engine: "cmark-gfm", passes: [])
    #expect(try renderer.document(.markdown("# Heading\n")).metadata["title"] == nil)
    #expect(try renderer.page(.markdown("# Heading\n")).title == "Heading")
    let titled = try self.renderer(engine: "cmark-gfm", passes: []) { $0.title = "Set" }
    #expect(try titled.page(.markdown("# Heading\n")).title == "Set")
    #expect(try titled.page(.markdown("---\ntitle: Front\n---\n# H\n")).title == "Front")
  }
}
