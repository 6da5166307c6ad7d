import Foundation
import RenderKit
import Synchronization
import Testing

/// What the pipeline's plan costs: each job parses the Markdown once, and a fragment with no
/// active pass never builds a document.
@Suite struct PipelinePlanTests {
  /// cmark-gfm, counting its parses.
  final class CountingEngine: MarkdownEngine {
    let wrapped = CMarkGFMEngine()
    let renders = Atomic(0)
    let documents = Atomic(0)
    var descriptor: EngineDescriptor { wrapped.descriptor }

    func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment {
      renders.add(1, ordering: .relaxed)
      return try wrapped.render(markdown, options: options)
    }

    func document(
      _ markdown: String, options: RenderOptions, importer: any HTMLImporting
    ) throws(RenderError) -> Document {
      documents.add(1, ordering: .relaxed)
      return try wrapped.document(markdown, options: options, importer: importer)
    }

    var parses: (renders: Int, documents: Int) {
      (renders.load(ordering: .relaxed), documents.load(ordering: .relaxed))
    }
  }

  private func renderer(_ engine: CountingEngine, anchors: Bool = false) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine.descriptor.id
    configuration.options.headingAnchors = anchors
    // The gfm profile's anchors (and its `user-content-` ids) would make every fragment with
    // a heading the document's.
    if !anchors { configuration.disabledExtensions = [.headingAnchors, .allowedHTML] }
    return try Renderer(
      configuration: configuration, registry: EngineRegistry([engine]), importer: HTML5Importer())
  }

  private let markdown = "# Title\n\nText with *emphasis*.\n"

  @Test func aPageParsesOnce() throws {
    let engine = CountingEngine()
    let page = try renderer(engine).page(.markdown(markdown))
    #expect(page.title == "Title")
    #expect(engine.parses == (0, 1))
  }

  @Test func aFragmentWithoutPassesIsTheEnginesOwnHTMLAlone() throws {
    let engine = CountingEngine()
    let fragment = try renderer(engine).html(.markdown(markdown))
    #expect(fragment == (try CMarkGFMEngine().render(markdown, options: RenderOptions())))
    #expect(engine.parses == (1, 0))
  }

  @Test func withAPassTheFragmentIsTheDocumentSerialised() throws {
    let engine = CountingEngine()
    let fragment = try renderer(engine, anchors: true).html(.markdown(markdown))
    #expect(fragment.html.hasPrefix(#"<h1 id="user-content-title">Title</h1>"#))
    #expect(engine.parses == (0, 1))
  }

  @Test func styledTextParsesOnce() throws {
    let engine = CountingEngine()
    _ = try renderer(engine).run(RenderJob(.markdown(markdown), to: .json))
    #expect(engine.parses == (0, 1))
  }
}
