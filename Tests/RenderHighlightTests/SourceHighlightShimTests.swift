import Testing

@testable import RenderHighlight

/// The highlighter's shim is a shared object loaded on the first block to highlight.
@Suite struct SourceHighlightShimTests {
  @Test("the shim is found beside the test runner, as beside an executable")
  func loadsBesideTheExecutable() throws {
    // Only the free function is called: the others use the library's unsynchronised state,
    // which the bridge's lock guards.
    let shim = try SourceHighlightBridge.Shim.load().get()
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
    #expect(message.hasSuffix("build the SourceHighlightShim product beside the executable"))
  }
}
