import Foundation
import RenderCore

/// The whole `renderbench` command as a function of its arguments: what it prints on each
/// stream and its exit status, so tests can run it end to end in process.
package struct BenchCommand: Sendable {
  /// What a run printed and how it ended.
  package struct Outcome: Sendable, Hashable {
    /// The exit status: 0 done, 1 error or regression, 2 usage error.
    package var status: Int32
    /// Text for standard output.
    package var standardOutput: String
    /// Text for standard error.
    package var standardError: String
  }

  /// The engines that can be measured.
  package var registry: EngineRegistry
  /// The stages beyond Markdown → HTML.
  package var stages: PipelineStages
  /// Where progress goes.
  var progress: ProgressLog

  /// Creates a command over `registry` and `stages`; progress is silent (tests).
  package init(registry: EngineRegistry, stages: PipelineStages) {
    self.init(registry: registry, stages: stages, progress: .silent)
  }

  /// Creates a command that logs progress to `progress`.
  init(registry: EngineRegistry, stages: PipelineStages, progress: ProgressLog) {
    self.registry = registry
    self.stages = stages
    self.progress = progress
  }

  /// Runs the command with `arguments` (without the program name).
  package func run(_ arguments: [String]) -> Outcome {
    if let mode = arguments.first, ["isolation", "hostile", "math"].contains(mode) {
      return runContainment(mode, Array(arguments.dropFirst()))
    }
    let options: BenchOptions
    do {
      options = try BenchArgumentParser(knownEngines: registry.engineIDs).parse(arguments)
    } catch {
      return Outcome(
        status: 2, standardOutput: "",
        standardError: "renderbench: \(error.description)\nrun renderbench --help for usage.\n")
    }
    if options.help {
      return Outcome(
        status: 0, standardOutput: BenchUsage.text(engines: registry.engineIDs) + "\n",
        standardError: "")
    }
    do {
      return try measure(options)
    } catch let error as RenderError {
      return Outcome(
        status: 1, standardOutput: "", standardError: "renderbench: \(error.description)\n")
    } catch {
      return Outcome(status: 1, standardOutput: "", standardError: "renderbench: \(error)\n")
    }
  }

  /// `renderbench isolation [--corpus FILE] [--runs N]`,
  /// `renderbench hostile [--suite FILE]... [--peers FILE] [--deadline SECONDS]` (containment
  /// figures) and `renderbench math [--corpus FILE] [--formulas FILE] [--runs N]
  /// [--engine ID]`, printed as a Markdown table.
  private func runContainment(_ mode: String, _ arguments: [String]) -> Outcome {
    var values: [String: [String]] = [:]
    var remaining = arguments[...]
    while let name = remaining.popFirst() {
      guard
        ["--corpus", "--runs", "--suite", "--peers", "--deadline", "--formulas", "--engine"]
          .contains(name),
        let value = remaining.popFirst()
      else {
        return Outcome(
          status: 2, standardOutput: "",
          standardError:
            "renderbench: usage: renderbench isolation [--corpus FILE] [--runs N] | "
            + "renderbench hostile [--suite FILE]... [--peers FILE] [--deadline SECONDS] | "
            + "renderbench math [--corpus FILE] [--formulas FILE] [--runs N] [--engine ID]\n")
      }
      values[name, default: []].append(value)
    }
    do {
      let table: TextTable
      if mode == "math" {
        table = try mathCost(values)
      } else if mode == "isolation" {
        let chapters =
          try values["--corpus"]?.last.map { try CorpusLoader.load($0).chapters }
          ?? CorpusGenerator().corpus().documents
        table = try IsolationCost(
          chapters: chapters.map(\.text), runs: max(3, Int(values["--runs"]?.last ?? "") ?? 5)
        ).table(engineIDs: registry.engineIDs)
      } else {
        var limits = RenderLimits()
        if let seconds = values["--deadline"]?.last.flatMap(Double.init) {
          limits.deadline = .milliseconds(Int64(seconds * 1000))
        }
        guard let suites = values["--suite"] else {
          return Outcome(
            status: 2, standardOutput: "",
            standardError:
              "renderbench: hostile needs a recipe suite: --suite FILE (repeatable), e.g. "
              + "Tests/Fixtures/Hostile/published.json; make hostile names them all\n")
        }
        var hostile = HostileInputTable(
          cases: try suites.flatMap { try PathologicalCase.load(path: $0) }, limits: limits)
        if let peers = values["--peers"]?.last {
          hostile.peers = try HostileInputTable.peers(
            from: LimitedInput.read(path: peers, maximumBytes: 1 << 24))
        }
        table = try hostile.table(engineIDs: registry.engineIDs)
      }
      return Outcome(status: 0, standardOutput: table.markdown + "\n", standardError: "")
    } catch {
      return Outcome(status: 1, standardOutput: "", standardError: "renderbench: \(error)\n")
    }
  }

  /// `renderbench math`'s figures: the formulas of `--formulas` (one per line, `#` comments;
  /// by default the test fixture of 521), the document of `--corpus` (by default the
  /// generated corpus).
  private func mathCost(_ values: [String: [String]]) throws -> TextTable {
    let formulasPath =
      values["--formulas"]?.last ?? "Tests/RenderMathTests/Fixtures/formulas.txt"
    let formulas = String(
      decoding: try LimitedInput.read(path: formulasPath, maximumBytes: 1 << 24), as: UTF8.self
    ).split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    let document =
      try values["--corpus"]?.last.map {
        String(decoding: try LimitedInput.read(path: $0, maximumBytes: 1 << 30), as: UTF8.self)
      } ?? CorpusGenerator().corpus().documents.map(\.text).joined(separator: "\n")
    return try MathCost(
      formulas: formulas, document: document,
      runs: max(3, Int(values["--runs"]?.last ?? "") ?? 5),
      engineID: values["--engine"]?.last ?? "cmark-gfm"
    ).table()
  }

  private func measure(_ options: BenchOptions) throws -> Outcome {
    // The baseline is read first, so a wrong path fails before minutes of measuring.
    let baseline = try options.baselinePath.map { path in
      try ReportEncoder.report(
        from: try LimitedInput.read(path: path, maximumBytes: ReportEncoder.maximumReportBytes),
        source: path)
    }
    let report = try BenchRun(registry: registry, stages: stages, progress: progress)
      .report(for: options)
    let output: String
    switch options.format {
    case .json:
      output = try ReportEncoder.json(report)
    case .table:
      let tables = ReportTables(report: report)
      output = ([tables.summary] + tables.tables.map(\.plainText)).joined(separator: "\n\n") + "\n"
    case .markdown:
      let tables = ReportTables(report: report)
      output = ([tables.summary] + tables.tables.map(\.markdown)).joined(separator: "\n\n") + "\n"
    }
    if let path = options.reportPath {
      try Self.write(HTMLReportPage(report: report).html, to: path)
      progress("wrote \(path)")
    }
    guard let baseline else { return Outcome(status: 0, standardOutput: output, standardError: "") }
    let regressions = BaselineComparison(thresholdPercent: options.thresholdPercent)
      .regressions(current: report, baseline: baseline)
    guard !regressions.isEmpty else {
      return Outcome(status: 0, standardOutput: output, standardError: "")
    }
    let threshold = FigureFormat.fixed(options.thresholdPercent)
    let lines = regressions.map { "renderbench: regression past \(threshold) %: \($0)" }
    return Outcome(
      status: 1, standardOutput: output, standardError: lines.joined(separator: "\n") + "\n")
  }

  private static func write(_ text: String, to path: String) throws {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw RenderError.fileUnreadable(path: path, reason: "cannot write the report (\(error))")
    }
  }
}
