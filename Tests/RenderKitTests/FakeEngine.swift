import RenderKit

/// A test double: wraps input in `<p>` and declares whatever features a test needs.
struct FakeEngine: MarkdownEngine {
  let id: String
  let features: Set<RenderFeature>

  var descriptor: EngineDescriptor {
    EngineDescriptor(
      id: id, displayName: id, libraryVersion: "1.0", features: features,
      isSafeOnHostileInput: true, concurrency: .parallel)
  }

  func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment {
    try checkSupport(of: options)
    return HTMLFragment(html: "<p>\(markdown)</p>", engineID: id)
  }
}

let fakeRegistry = EngineRegistry([
  FakeEngine(id: "plain", features: [.rawHTML]),
  FakeEngine(id: "rich", features: [.rawHTML, .tables, .smartPunctuation]),
  FakeEngine(id: "wide", features: [.tables]),
])
