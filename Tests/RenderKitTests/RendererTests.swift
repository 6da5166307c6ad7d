import RenderKit
import Testing

@Suite struct RendererTests {
  @Test func rendersWithTheConfiguredEngine() throws {
    var configuration = RenderConfiguration()
    configuration.engine = "rich"
    let renderer = try Renderer(configuration: configuration, registry: fakeRegistry, importer: nil)
    #expect(try renderer.html(markdown: "x") == HTMLFragment(html: "<p>x</p>", engineID: "rich"))
  }

  @Test func refusesAnEngineMissingAFeature() {
    var configuration = RenderConfiguration()
    configuration.engine = "plain"
    configuration.options.smartPunctuation = true
    #expect(
      throws: RenderError.unsupportedFeature(
        .smartPunctuation, engine: "plain", supportedBy: ["rich"])
    ) {
      try Renderer(configuration: configuration, registry: fakeRegistry, importer: nil)
    }
  }

  @Test func batchKeepsInputOrderAndPerDocumentErrors() async throws {
    var configuration = RenderConfiguration()
    configuration.engine = "rich"
    let renderer = try Renderer(configuration: configuration, registry: fakeRegistry, importer: nil)
    let documents = (0..<200).map { "document \($0)" }
    let results = await renderer.html(markdownDocuments: documents)
    #expect(results.count == 200)
    for (index, result) in results.enumerated() {
      #expect(try result.get().html == "<p>document \(index)</p>")
    }
  }

  @Test func registryListsEnginesByFeature() throws {
    #expect(fakeRegistry.engineIDs == ["plain", "rich", "wide"])
    #expect(fakeRegistry.engineIDs(supporting: .tables) == ["rich", "wide"])
    #expect(throws: RenderError.unknownEngine("x", available: ["plain", "rich", "wide"])) {
      try fakeRegistry.engine(id: "x")
    }
  }
}
