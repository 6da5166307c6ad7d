import Foundation
import RenderKit
import Testing

@Suite struct RendererTests {
  @Test func rendersWithTheConfiguredEngine() throws {
    var configuration = RenderConfiguration()
    configuration.engine = "rich"
    let renderer = try Renderer(configuration: configuration, registry: fakeRegistry, importer: nil)
    #expect(try renderer.html(.markdown("x")) == HTMLFragment(html: "<p>x</p>", engineID: "rich"))
  }

  @Test func bytesReachAnEngineThatTakesThemUnlessTheHostNeedsTheText() throws {
    let registry = EngineRegistry([FakeBytesEngine(), FakeEngine(id: "plain", features: [])])
    var configuration = RenderConfiguration()
    configuration.engine = "bytes"
    // No document pass: the gfm profile's anchors would build a document of `title: A\n---`.
    configuration.disabledExtensions = [.headingAnchors, .allowedHTML]
    let renderer = try Renderer(configuration: configuration, registry: registry, importer: nil)
    #expect(try renderer.html(.markdown(utf8: Data("x".utf8))).html == "<p>bytes: x</p>")
    // Front matter is taken out in the host, so those bytes are decoded here first.
    let withBlock = "---\ntitle: A\n---\nx"
    #expect(try renderer.html(.markdown(utf8: Data(withBlock.utf8))).html == "<p>text: \n\n\nx</p>")
    configuration.options.frontMatter = .text
    let keeping = try Renderer(configuration: configuration, registry: registry, importer: nil)
    #expect(
      try keeping.html(.markdown(utf8: Data(withBlock.utf8))).html == "<p>bytes: \(withBlock)</p>")
    // Styled text takes the same way.
    let styling = try Renderer(
      configuration: configuration, registry: registry, importer: HTMLImporter())
    #expect(try styling.styledText(.markdown(utf8: Data("x".utf8))).plainText == "bytes: x")
    configuration.options.frontMatter = .metadata
    let reading = try Renderer(
      configuration: configuration, registry: registry, importer: HTMLImporter())
    #expect(try reading.styledText(.markdown(utf8: Data(withBlock.utf8))).plainText == "text: x")
    // An engine that does not take bytes gets the decoded text.
    configuration.engine = "plain"
    let plain = try Renderer(configuration: configuration, registry: registry, importer: nil)
    #expect(try plain.html(.markdown(utf8: Data([0x78, 0xFF]))).html == "<p>x\u{FFFD}</p>")
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

  @Test func registryListsEnginesByFeature() throws {
    #expect(fakeRegistry.engineIDs == ["plain", "rich", "wide"])
    #expect(fakeRegistry.engineIDs(supporting: .tables) == ["rich", "wide"])
    #expect(throws: RenderError.unknownEngine("x", available: ["plain", "rich", "wide"])) {
      try fakeRegistry.engine(id: "x")
    }
  }
}
