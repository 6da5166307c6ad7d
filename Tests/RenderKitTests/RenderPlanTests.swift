import Foundation
import RenderKit
import Testing

/// The plan's rules, over every source × output × isolation × sanitize × passes: each case's
/// expected plan is derived here from the rules as `RenderPlan` states them, not from the code.
@Suite struct RenderPlanTests {
  enum Source: CaseIterable { case markdownText, markdownBytes, markdownFile, html }
  enum Output: CaseIterable { case fragment, page, plainText, json, terminal }
  /// The one pass a case turns on beside the ones every renderer has.
  enum Passes: CaseIterable {
    /// No document extension.
    case none
    /// Alerts on, and no `[!` in the input: the screening drops the pass.
    case unchanging
    /// Alerts on, and an alert in the input.
    case builtIn
    /// Math on, and a formula in the input: a pass that only replaces code.
    case codeReplacing
    /// An app's pass, which may change any input and only the host runs.
    case custom
  }

  struct Case: CustomTestStringConvertible {
    let source: Source
    let output: Output
    let contained: Bool
    let sanitize: Bool
    let passes: Passes
    var testDescription: String {
      "\(source) → \(output), \(contained ? "contained" : "in-process"), "
        + "\(sanitize ? "sanitized" : "unsafe"), passes: \(passes)"
    }
  }

  static let cases: [Case] = Source.allCases.flatMap { source in
    Output.allCases.flatMap { output in
      [false, true].flatMap { contained in
        [false, true].flatMap { sanitize in
          Passes.allCases.map {
            Case(
              source: source, output: output, contained: contained, sanitize: sanitize, passes: $0
            )
          }
        }
      }
    }
  }

  /// An app's pass: active for every render, it may change anything.
  struct CustomPass: DocumentPass {
    let id = "custom"
    func isActive(in context: DocumentPassContext) -> Bool { true }
    func apply(to document: inout Document, in context: DocumentPassContext) {}
  }

  private static func markdown(_ passes: Passes) -> String {
    switch passes {
    case .builtIn: "> [!NOTE]\n> Some *text*.\n"
    case .codeReplacing: "Some $x^2$ *text*.\n"
    case .none, .unchanging, .custom: "Some *text*.\n"
    }
  }

  private static func renderer(_ testCase: Case) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.isolation = testCase.contained ? .process : .inProcess
    configuration.sanitize = testCase.sanitize
    // Trusted unless sanitized, so that the sanitize axis decides whether HTML is sanitized.
    configuration.options.unsafe = true
    var disabled = Set(DocumentExtension.all.map(\.feature))
    switch testCase.passes {
    case .unchanging, .builtIn: disabled.remove(.alerts)
    case .codeReplacing: disabled.remove(.math)
    case .none, .custom: break
    }
    configuration.disabledExtensions = disabled
    return try Renderer(
      configuration: configuration, passes: testCase.passes == .custom ? [CustomPass()] : [])
  }

  /// The passes active for the case before any screening, in the renderer's order.
  private static func activePasses(_ testCase: Case) -> [String] {
    var ids: [String] = []
    switch testCase.passes {
    case .unchanging, .builtIn: ids.append("alerts")
    case .codeReplacing: ids.append("math")
    case .none, .custom: break
    }
    // Sanitizing puts raw HTML through the allowlist, whose ids the user-content pass prefixes.
    if testCase.sanitize { ids.append("user-content") }
    if testCase.output == .page { ids.append("task-lists") }
    if testCase.passes == .custom { ids.append("custom") }
    if testCase.output == .page { ids.append("title") }
    return ids
  }

  @Test(arguments: cases)
  func thePlanFollowsTheRules(_ testCase: Case) throws {
    let renderer = try Self.renderer(testCase)
    let markdown = Self.markdown(testCase.passes)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-plan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source: RenderJob.Source
    switch testCase.source {
    case .markdownText: source = .markdown(markdown)
    case .markdownBytes: source = .markdown(utf8: Data(markdown.utf8))
    case .markdownFile:
      let path = folder.appendingPathComponent("input.md").path
      try Data(markdown.utf8).write(to: URL(fileURLWithPath: path))
      source = .markdown(file: try InputFile(path: path, maximumBytes: 1 << 20))
    case .html: source = .html("<p>Some <b>text</b></p>")
    }
    let output: RenderJob.Output
    let expectedOutput: RenderPlan.Output
    switch testCase.output {
    case .fragment: (output, expectedOutput) = (.fragment, .fragment)
    case .page: (output, expectedOutput) = (.page(), .page)
    case .plainText: (output, expectedOutput) = (.plainText, .plainText)
    case .json: (output, expectedOutput) = (.json, .json)
    case .terminal: (output, expectedOutput) = (.terminal(TerminalRenderer()), .terminal)
    }
    let plan = try RenderPipeline(renderer).plan(RenderJob(source, to: output))

    let active = Self.activePasses(testCase)
    let allBuiltIn = testCase.passes != .custom
    #expect(plan.output == expectedOutput)
    #expect(!plan.writesDestination, "no job here has a destination")
    if testCase.source == .html {
      // HTML is never screened; its fragment and page are the HTML itself.
      let madeInWorker =
        testCase.contained && allBuiltIn && !testCase.sanitize
        && [.plainText, .json, .terminal].contains(testCase.output)
      #expect(plan.isMadeInWorker == madeInWorker)
      switch testCase.output {
      case .fragment, .page:
        #expect(plan.route == .inputHTML)
        #expect(plan.sanitizes == testCase.sanitize)
        #expect(plan.passIDs == (testCase.output == .page ? ["title"] : []))
        let parsedInWorker = testCase.contained && (testCase.output == .page || testCase.sanitize)
        #expect(plan.place == (parsedInWorker ? .importerWorker : .host))
      case .plainText, .json, .terminal:
        #expect(plan.route == .document)
        #expect(!plan.sanitizes)
        #expect(plan.passIDs == active)
        #expect(plan.place == (testCase.contained ? .importerWorker : .host))
      }
      return
    }
    // Markdown: a contained fragment with an active pass, or contained terminal output, is made
    // whole by the engine's worker when every pass is built-in; it screens the passes there.
    let madeInWorker =
      testCase.contained && allBuiltIn
      && ((testCase.output == .fragment && !active.isEmpty) || testCase.output == .terminal)
    #expect(plan.isMadeInWorker == madeInWorker)
    #expect(plan.place == (testCase.contained ? .engineWorker : .host))
    #expect(!plan.sanitizes, "Markdown's raw HTML meets the allowlist in the builder")
    // The screening drops the alerts without `[!` and the user-content pass with no heading.
    // The host does not read a file the engine's worker reads to screen it, unless a pass
    // must rewrite its Markdown anyway (math).
    let screened = active.filter {
      !($0 == "alerts" && testCase.passes == .unchanging) && $0 != "user-content"
    }
    let hostLooks =
      testCase.source != .markdownFile || !testCase.contained || testCase.passes == .codeReplacing
    let passes = madeInWorker || !hostLooks ? active : screened
    #expect(plan.passIDs == passes)
    let route: RenderPlan.Route
    if testCase.output != .fragment {
      route = .document
    } else if passes.isEmpty {
      route = .engineHTML
    } else if passes == ["math"] && !testCase.contained {
      route = .engineHTMLWithCodeReplaced
    } else {
      route = .document
    }
    #expect(plan.route == route)
  }

  @Test func aWorkerWritesTheDestinationOfTheFilesItReads() throws {
    var configuration = RenderConfiguration()
    configuration.disabledExtensions = Set(DocumentExtension.all.map(\.feature))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-plan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("input.md").path
    try Data("Some *text*.\n".utf8).write(to: URL(fileURLWithPath: path))
    for contained in [false, true] {
      configuration.isolation = contained ? .process : .inProcess
      let pipeline = RenderPipeline(try Renderer(configuration: configuration))
      for isFile in [false, true] {
        let source: RenderJob.Source =
          isFile
          ? .markdown(file: try InputFile(path: path, maximumBytes: 64))
          : .markdown("Some *text*.\n")
        var job = RenderJob(source, to: .fragment)
        job.destination = .standardOutput
        #expect(try pipeline.plan(job).writesDestination == (contained && isFile))
        job.output = .terminal(TerminalRenderer())
        #expect(try pipeline.plan(job).writesDestination == contained)
      }
    }
  }
}
