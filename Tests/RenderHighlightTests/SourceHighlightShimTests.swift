import Testing

@testable import RenderHighlight

/// The highlighter's shim is a shared object loaded on the first block to highlight.
@Suite struct SourceHighlightShimTests {
  @Test("the shim is found in RenderHighlight's resources, where the package's plugin builds it")
  func loadsFromTheResources() throws {
    let resources = try #require(SourceHighlightBridge.Shim.candidates.first)
    #expect(resources.hasSuffix(".resources/libSourceHighlightShim.so"))
    // The resources alone: a shim found elsewhere would hide a plugin that built nothing.
    // Only the free function is called: the others use the library's unsynchronised state,
    // which the bridge's lock guards.
    let shim = try SourceHighlightBridge.Shim.load(from: [resources]).get()
    shim.tokensFree(nil)
  }

  @Test("a shim that cannot be loaded is a fallback that names it, not a crash")
  func aMissingShimIsAFallback() {
    let result = SourceHighlightBridge.Shim.load(from: ["/no/such/libSourceHighlightShim.so"])
    guard case .failure(.highlighterFailed(let message)) = result else {
      Issue.record("loaded from a path that does not exist: \(result)")
      return
    }
    #expect(message.hasPrefix("cannot load libSourceHighlightShim.so (/no/such/"))
    #expect(message.hasSuffix("rebuild with libsource-highlight-dev"))
  }
}
