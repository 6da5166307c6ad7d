import EngineCMark
import EngineDiscount
import RenderCore
import RenderKit
import Testing

/// The in-process half of containment: limits, the large-stack thread, and the registry policy.
@Suite struct ContainmentTests {
  @Test("the default limits are 64 MiB and 10 seconds")
  func defaults() {
    let limits = RenderLimits()
    #expect(limits.maximumInputBytes == 64 * 1024 * 1024)
    #expect(limits.deadline == .seconds(10))
    #expect(RenderLimits(deadline: .milliseconds(2500)).deadlineSeconds == 2.5)
  }

  @Test("the input limit counts UTF-8 bytes and admits input of exactly the limit")
  func inputLimitBoundary() throws {
    let limits = RenderLimits(maximumInputBytes: 4)
    try limits.checkInput("éé")
    #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 5, maximum: 4)) {
      try limits.checkInput("éé!")
    }
  }

  @Test("Discount runs on a 1 GiB stack and survives 100,000 nested block quotes in-process")
  func deepNestingInProcess() throws {
    #expect(DiscountEngine.stackBytes == 1 << 30)
    let depth = 100_000
    let document = String(repeating: "> ", count: depth) + "deep"
    let html = try DiscountEngine().render(document, options: RenderOptions()).html
    #expect(html.hasSuffix("deep</p>" + String(repeating: "</blockquote>", count: depth)))
  }

  @Test("concurrent in-process Discount renders are serialised and each correct")
  func concurrentInProcess() async throws {
    let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for index in 0..<32 {
        group.addTask {
          (index, try DiscountEngine().render("_\(index)_", options: RenderOptions()).html)
        }
      }
      return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
    }
    for index in 0..<32 { #expect(results[index] == "<p><em>\(index)</em></p>") }
  }

  @Test("by default only engines unsafe on hostile input are isolated")
  func defaultPolicy() throws {
    let registry = try EngineRegistry.builtIn.contained()
    #expect(try registry.engine(id: "discount") is IsolatedEngine)
    #expect(try registry.engine(id: "md4c") is IsolatedEngine)
    // cmark-gfm 0.29.0.gfm.6 lacks upstream's fixes for quadratic inputs (gfm.7 and later).
    #expect(try registry.engine(id: "cmark-gfm") is IsolatedEngine)
    #expect(try registry.engine(id: "cmark") is InputLimitedEngine)
    #expect(registry.engineIDs == ["cmark", "cmark-gfm", "discount", "md4c"])
  }

  @Test("process isolation isolates every engine; in-process none")
  func explicitModes() throws {
    let isolated = try EngineRegistry.builtIn.contained(isolation: .process)
    #expect(try isolated.engine(id: "cmark") is IsolatedEngine)
    let inProcess = try EngineRegistry.builtIn.contained(isolation: .inProcess)
    #expect(try inProcess.engine(id: "discount") is InputLimitedEngine)
  }

  @Test("every contained engine enforces the input limit")
  func containedLimits() throws {
    let limits = RenderLimits(maximumInputBytes: 3)
    for mode in [nil, IsolationMode.inProcess, .process] {
      let registry = try EngineRegistry.builtIn.contained(limits: limits, isolation: mode)
      for engine in registry.engines {
        #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 4, maximum: 3)) {
          try engine.render("four", options: RenderOptions())
        }
        #expect(
          try engine.render("*a*", options: RenderOptions()).html.hasPrefix("<p><em>a</em></p>"))
      }
    }
  }

  @Test("an engine the worker does not have cannot be isolated")
  func customEngineIsolation() {
    let registry = EngineRegistry([RenamedEngine()])
    #expect {
      try registry.contained(isolation: .process)
    } throws: { error in
      guard case .invalidConfiguration("isolation", "custom", let problem) = error as? RenderError
      else { return false }
      return problem.contains("cmark, cmark-gfm, discount")
    }
  }
}

/// An engine the worker process does not know.
private struct RenamedEngine: MarkdownEngine {
  var descriptor: EngineDescriptor {
    var descriptor = CMarkEngine().descriptor
    descriptor.id = "custom"
    return descriptor
  }

  func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment {
    try CMarkEngine().render(markdown, options: options)
  }
}
