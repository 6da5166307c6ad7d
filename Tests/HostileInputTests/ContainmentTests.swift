import EngineCMark
import EngineDiscount
import Foundation
import HTMLImport
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

  @Test("by default every built-in engine is isolated: none is linear on hostile input")
  func defaultPolicy() throws {
    let registry = try EngineRegistry.builtIn.contained()
    #expect(try registry.engine(id: "discount") is IsolatedEngine)
    // Every engine is contained: none is shown linear on cmark's pathological inputs (cmark
    // 0.30.2 and cmark-gfm 0.29.0.gfm.6 lack upstream's fixes; md4c 0.4.8 is quadratic on some).
    for id in ["cmark", "cmark-gfm", "discount", "md4c"] {
      #expect(try registry.engine(id: id) is IsolatedEngine, "\(id)")
    }
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
        let bytesEngine = try #require(engine as? any UTF8MarkdownEngine)
        #expect(throws: RenderError.limitExceeded(limit: "input bytes", value: 4, maximum: 3)) {
          try bytesEngine.render(utf8: Data("four".utf8), options: RenderOptions())
        }
      }
    }
  }

  @Test(
    "in-process engines render bytes as their decoded text, taken as they are or decoded",
    arguments: ["cmark", "cmark-gfm", "discount", "md4c"])
  func inProcessBytesRenderAsTheirDecodedText(engineID: String) throws {
    let engine = try EngineRegistry.builtIn.contained(isolation: .inProcess).engine(id: engineID)
    let bytesEngine = try #require(engine as? any UTF8MarkdownEngine)
    var unsafe = RenderOptions()
    unsafe.unsafe = true
    // Raw HTML, which passes only with `unsafe`, sends md4c's document through its HTML.
    let inputs = IsolatedEngineTests.awkwardBytes + [Array("<div>raw</div>\n\n*after*\n".utf8)]
    for options in [RenderOptions(), unsafe] {
      for bytes in inputs {
        let text = MarkdownInput.decode(bytes)
        #expect(
          try bytesEngine.render(utf8: Data(bytes), options: options)
            == engine.render(text, options: options))
        #expect(
          try bytesEngine.document(utf8: Data(bytes), options: options, importer: HTMLImporter())
            == engine.document(text, options: options, importer: HTMLImporter()))
      }
    }
  }

  /// Input that ends inside a construct, in a buffer followed by bytes that would continue
  /// it: an engine that takes bytes must stop at their end. md4c 0.4.8 does not (it stops at
  /// a NUL, which a `String`'s storage has and `Data` need not): given such bytes as they are,
  /// it wrote the memory after them into the HTML, so its engine copies them with a NUL after.
  @Test("an engine that takes bytes reads nothing past their end")
  func bytesEnginesStopAtTheEnd() throws {
    let documents = [
      "![x](`javascript:alert(\"RSnake)", "[a](<b", "`code", "<div", "[x]: /u 'title",
      "| a |\n| - |\n| b", "<!-- c", "*a **b", "[a](b \"c",
    ]
    let engines = EngineRegistry.builtIn.engines.compactMap { $0 as? any UTF8MarkdownEngine }
    #expect(engines.map(\.descriptor.id) == ["cmark", "cmark-gfm", "md4c"])
    var options = RenderOptions()
    options.extensions = [.tables, .strikethrough, .autolinks, .taskLists]
    for markdown in documents {
      let count = markdown.utf8.count
      for fill in Array(")`>]\n\"'|-a".utf8) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count + 4096, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: fill, count: count + 4096)
        buffer.copyMemory(from: Array(markdown.utf8), byteCount: count)
        for engine in engines {
          let engineOptions = engine.descriptor.id == "cmark" ? RenderOptions() : options
          let bytes = Data(bytesNoCopy: buffer, count: count, deallocator: .none)
          #expect(
            try engine.render(utf8: bytes, options: engineOptions)
              == engine.render(markdown, options: engineOptions),
            "\(engine.descriptor.id) \(markdown.debugDescription) followed by \(fill)")
          #expect(
            try engine.document(utf8: bytes, options: engineOptions, importer: HTMLImporter())
              == engine.document(markdown, options: engineOptions, importer: HTMLImporter()),
            "\(engine.descriptor.id) \(markdown.debugDescription) followed by \(fill)")
        }
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
