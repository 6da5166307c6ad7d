import EngineMD4C
import HTMLImport
import RenderCore
import TestSupport
import Testing

/// Inputs the fuzzer (`make fuzz`) found crashing the md4c document builder, kept as fixtures.
@Suite struct MD4CFuzzRegressionTests {
  @Test("a document the fuzzer found crashing the builder is built")
  func unbalancedInputIsBuilt() throws {
    let markdown = MarkdownInput.decode(
      try LimitedInput.read(
        path: SharedFixtures.fixture("Fixtures/Fuzz/md4c-unbalanced.md").path, maximumBytes: 1 << 20
      ))
    let options = RenderOptions(unsafe: true, extensions: [.strikethrough, .autolinks])
    let document = try MD4CEngine().document(markdown, options: options, importer: HTMLImporter())
    #expect(document.textContent(of: document.root).contains("Fixture"))
  }
}
