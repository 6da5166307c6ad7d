import Foundation
import RenderKit
import Testing

/// Anchors, the table of contents and front matter through the whole pipeline, for every
/// built-in engine: fragment, styled text and page agree.
@Suite struct OutlinePipelineTests {
  static let engines = ["cmark", "discount"]

  private func pipeline(_ engine: String, _ change: (inout RenderConfiguration) -> Void) throws
    -> (Renderer, Renderer)
  {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    // The outline as the options ask for it: without the gfm profile's own anchors and its
    // `user-content-` ids (AllowedHTMLTests has those).
    configuration.disabledExtensions = [.headingAnchors, .allowedHTML]
    change(&configuration)
    let renderer = try Renderer(configuration: configuration)
    return (renderer, renderer)
  }

  private func headingIDs(_ fragment: HTMLFragment) throws -> [String] {
    let document = try HTMLImporter().importDocument(fragment: fragment)
    var ids: [String] = []
    document.forEachDescendant(of: document.root) { id in
      let node = document.nodes[id]
      if node.name.count == 2, node.name.hasPrefix("h"), node.name != "hr" {
        ids.append(node.id ?? "")
      }
    }
    return ids
  }

  private let markdown = """
    # Café *au lait*

    ## Usage

    Text.

    ## Usage

    ### `render` --help

    ## Привет, мир!

    """
  /// github-slugger's rules applied by hand to the headings above.
  private let expectedAnchors = ["café-au-lait", "usage", "usage-1", "render---help", "привет-мир"]

  @Test(arguments: engines)
  func everyEngineGivesTheSameAnchorsInFragmentAndStyledText(engine: String) throws {
    let (pipeline, renderer) = try pipeline(engine) { $0.options.headingAnchors = true }
    #expect(try headingIDs(pipeline.html(.markdown(markdown))) == expectedAnchors)
    let document = try pipeline.document(.markdown(markdown))
    let styled = StyledText(
      document: document, styles: try renderer.stylesheet.cascade(document, colorScheme: .light))
    #expect(styled.blocks.filter { $0.kind == .heading }.map(\.anchor) == expectedAnchors)
  }

  @Test(arguments: engines)
  func withoutAnchorsTheFragmentIsTheEnginesOwn(engine: String) throws {
    let (pipeline, renderer) = try pipeline(engine) { _ in }
    #expect(
      try pipeline.html(.markdown(markdown))
        == renderer.engine.render(markdown, options: RenderOptions()))
  }

  @Test(arguments: engines)
  func theTableOfContentsIsInTheFragmentAndTheStyledText(engine: String) throws {
    let (pipeline, renderer) = try pipeline(engine) {
      $0.options.tableOfContents = true
      $0.options.tableOfContentsLevels = 2...3
    }
    let source = "# Title\n\n<!-- toc -->\n\n## One\n\n### One A\n\n## Two\n"
    let html = try pipeline.html(.markdown(source)).html
    #expect(
      html.contains(
        ##"<nav class="table-of-contents"><ul><li><a href="#one">One</a><ul><li><a href="#one-a">One A</a></li></ul></li><li><a href="#two">Two</a></li></ul></nav>"##
      ))
    #expect(html.contains(#"<h2 id="one">"#))
    // Where the marker was: after the title.
    let title = try #require(html.range(of: "Title"))
    let list = try #require(html.range(of: "<nav"))
    #expect(title.lowerBound < list.lowerBound)
    let document = try pipeline.document(.markdown(source))
    let styled = StyledText(
      document: document, styles: try renderer.stylesheet.cascade(document, colorScheme: .light))
    let links = styled.runs.compactMap(\.style.link)
    #expect(links == ["#one", "#one-a", "#two"])
    #expect(styled.blocks.filter { $0.kind == .listItem }.count == 3)
  }

  @Test(arguments: engines)
  func frontMatterIsMetadataAndTheTitle(engine: String) throws {
    let (renderer, _) = try pipeline(engine) { $0.title = "Configured" }
    let source = "---\ntitle: From YAML\ntags: [a]\n---\n# Heading\n"
    let page = try renderer.page(.markdown(source))
    #expect(page.title == "From YAML")
    #expect(!page.fragment.html.contains("title:"))
    #expect(!page.fragment.html.contains("<hr"))
    let document = try renderer.document(.markdown(source))
    #expect(document.metadata["tags"] == .array([.string("a")]))
    let (untitled, _) = try pipeline(engine) { _ in }
    #expect(try untitled.page(.markdown("## Sub\n# Main\n")).title == "Main")
    #expect(try renderer.page(.markdown("# Main\n")).title == "Configured")
  }

  @Test func malformedFrontMatterIsAnErrorUnlessTextIsChosen() throws {
    let source = "---\ntitle: [unclosed\n---\n# Heading\n"
    let (strict, _) = try pipeline("cmark") { _ in }
    #expect {
      try strict.html(.markdown(source))
    } throws: { error in
      guard case .invalidFrontMatter(let line, _, _)? = error as? RenderError else { return false }
      return line >= 2
    }
    let (lenient, _) = try pipeline("cmark") { $0.options.frontMatter = .metadataOrText }
    #expect(try lenient.html(.markdown(source)).html.contains("<hr"))
  }

  @Test func sanitizedAnchorsArePrefixedAndTheLinksFollow() throws {
    let (pipeline, _) = try pipeline("cmark") {
      $0.options.tableOfContents = true
      $0.sanitize = true
    }
    let html = try pipeline.html(.markdown("## Setup\n")).html
    #expect(html.contains(#"<h2 id="user-content-setup">"#))
    #expect(html.contains(##"<a href="#user-content-setup">"##))
  }
}
