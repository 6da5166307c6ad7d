import Foundation
import RenderCore
import RenderKit
import Testing

/// The pipeline hands a bytes engine the only reference to the Markdown it parses, so that the
/// engine can free it before the document is built beside its tree.
@Suite struct InputReleaseTests {
  /// cmark-gfm taking bytes, noting whether it held the only reference to them: writing to
  /// bytes held elsewhere copies them first, which moves them.
  final class UniquenessEngine: MarkdownEngine, UTF8MarkdownEngine {
    let wrapped = CMarkGFMEngine()
    let heldAlone = Locked<[Bool]>([])
    var descriptor: EngineDescriptor { wrapped.descriptor }

    func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment {
      try wrapped.render(markdown, options: options)
    }

    func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
      -> HTMLFragment
    {
      try wrapped.render(utf8: markdown, options: options)
    }

    func document(
      utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting
    ) throws(RenderError) -> Document {
      var markdown = consume markdown
      let before = markdown.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
      let after = markdown.withUnsafeMutableBytes { UInt(bitPattern: $0.baseAddress) }
      heldAlone.withLock { $0.append(before == after) }
      return try wrapped.document(utf8: consume markdown, options: options, importer: importer)
    }
  }

  @Test("the document route gives the engine the only reference to the rewritten bytes")
  func theEngineHoldsTheOnlyReference() throws {
    let engine = UniquenessEngine()
    var configuration = RenderConfiguration()
    configuration.engine = engine.descriptor.id
    let renderer = try Renderer(
      configuration: configuration, registry: EngineRegistry([engine]), importer: HTML5Importer())
    // A formula makes the math pass rewrite the bytes, which the planned job then holds.
    let markdown = "# Title\n\nA formula, $x^2$, in a paragraph long enough to be stored apart.\n"
    let fragment = try renderer.html(.markdown(utf8: Data(markdown.utf8)))
    #expect(fragment.html.contains("<math"))
    #expect(engine.heldAlone.withLock { $0 } == [true])
  }
}
