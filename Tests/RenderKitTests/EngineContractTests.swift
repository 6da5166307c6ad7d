import Foundation
import RenderKit
import Testing

/// What every built-in engine promises, checked for each of them.
@Suite struct EngineContractTests {
  static let engineIDs = EngineRegistry.builtIn.engineIDs

  private func engine(_ id: String) throws -> any MarkdownEngine {
    try EngineRegistry.builtIn.engine(id: id)
  }

  @Test(arguments: engineIDs)
  func emptyAndBlankInputRenderToNothing(_ id: String) throws {
    for input in ["", " ", "\n\n\n", "   \t  \n  "] {
      let html = try engine(id).render(input, options: RenderOptions()).html
      #expect(
        html.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
        "\(id): \(input.debugDescription)")
    }
  }

  @Test(arguments: engineIDs)
  func invalidBytesNulAndLineEndingsKeepEveryWord(_ id: String) throws {
    let bytes: [UInt8] =
      Array("alpha ".utf8) + [0xC3, 0x28] + Array(" beta\r\ngamma\rdelta\u{0}epsilon".utf8)
    let html = try engine(id).render(MarkdownInput.decode(bytes), options: RenderOptions()).html
    for word in ["alpha", "\u{FFFD}(", "beta\ngamma\ndelta\u{FFFD}epsilon"] {
      #expect(html.contains(word), "\(id) lost \(word.debugDescription): \(html)")
    }
    #expect(!html.contains("\r"))
  }

  @Test(arguments: engineIDs)
  func concurrentRendersMatchSerialRenders(_ id: String) async throws {
    let engine = try engine(id)
    let documents = (0..<8).map { index in
      (0..<200).map { line in
        "## Section \(index)-\(line)\n\n- item *\(line)*\n- `code \(index)`\n\n> quote\n"
      }.joined()
    }
    let options = RenderOptions(
      smartPunctuation: engine.descriptor.features.contains(.smartPunctuation))
    let serial = try documents.map { try engine.render($0, options: options).html }
    let concurrent = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for (index, document) in documents.enumerated() {
        group.addTask { (index, try engine.render(document, options: options).html) }
      }
      var results = [String](repeating: "", count: documents.count)
      for try await (index, html) in group { results[index] = html }
      return results
    }
    #expect(concurrent == serial)
    #expect(Set(serial).count == documents.count)
  }

  @Test func unsupportedFeatureThroughTheRendererNamesTheEnginesThatHaveIt() {
    var configuration = RenderConfiguration()
    configuration.engine = "cmark"
    configuration.options.extensions = [.footnotes]
    #expect(
      throws: RenderError.unsupportedFeature(
        .footnotes, engine: "cmark", supportedBy: ["cmark-gfm", "discount"])
    ) {
      try Renderer(configuration: configuration)
    }
  }

  @Test func builtInRegistryHasEveryEngineWithCMarkGFMAsDefault() throws {
    #expect(EngineRegistry.builtIn.engineIDs == ["cmark", "cmark-gfm", "discount", "md4c"])
    let renderer = try Renderer()
    #expect(renderer.engine.descriptor.id == "cmark-gfm")
    // GFM by default: a table, a task list and strikethrough render as GitHub renders them.
    let html = try renderer.html(.markdown("| a |\n| - |\n| ~~b~~ |\n\n- [x] done\n")).html
    #expect(html.contains("<td><del>b</del></td>"))
    #expect(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> done"))
  }
}
