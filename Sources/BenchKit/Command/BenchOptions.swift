import RenderCore

/// What one `renderbench` run does, as parsed from its arguments.
package struct BenchOptions: Sendable, Hashable, Codable {
  /// The engines to measure; `nil` for every registered one.
  package var engines: [String]?
  /// Extensions every engine that has them renders the corpus with (`--extensions`).
  package var extensions: [RenderFeature] = []
  /// Markdown files or directories (their `.md` files) to measure; empty for the built-in corpus.
  package var corpusPaths: [String] = []
  /// HTML files or directories (their `.html` files) whose import alone is measured, per
  /// importer and stage (`--html`); empty for the full run.
  package var htmlPaths: [String] = []
  /// Measured runs per figure, after the warm-up.
  package var runs = 10
  /// Unmeasured runs before measuring.
  package var warmup = 2
  /// CommonMark-format JSON suites to check conformance against.
  package var specPaths: [String] = []
  /// Whether to measure time at 1×, 2×, 4× and 8× the input.
  package var scaling = false
  /// The clock single-threaded runs are timed on.
  package var clock = TimingClock.wall
  /// Threads for the parallel run; `nil` for none.
  package var jobs: Int?
  /// How to print the report.
  package var format = OutputFormat.table
  /// Where to write the HTML report page, if anywhere.
  package var reportPath: String?
  /// A previous JSON report to compare against, if any.
  package var baselinePath: String?
  /// The regression (in percent) past which a figure fails the run.
  package var thresholdPercent = 10.0
  /// Whether to print the usage and stop.
  package var help = false

  /// Creates the default options: every engine, the built-in corpus, 10 runs after 2 warm-up runs.
  package init() {}

  private enum CodingKeys: String, CodingKey {
    case engines, extensions, corpusPaths, runs, warmup, specPaths, scaling, clock, jobs, format,
      reportPath
    case baselinePath, thresholdPercent, help, htmlPaths
  }

  /// Reads a report's options; `extensions` may be absent (reports written before it existed).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    engines = try container.decode([String]?.self, forKey: .engines)
    extensions = try container.decodeIfPresent([RenderFeature].self, forKey: .extensions) ?? []
    corpusPaths = try container.decode([String].self, forKey: .corpusPaths)
    runs = try container.decode(Int.self, forKey: .runs)
    warmup = try container.decode(Int.self, forKey: .warmup)
    specPaths = try container.decode([String].self, forKey: .specPaths)
    scaling = try container.decode(Bool.self, forKey: .scaling)
    clock = try container.decode(TimingClock.self, forKey: .clock)
    jobs = try container.decode(Int?.self, forKey: .jobs)
    format = try container.decode(OutputFormat.self, forKey: .format)
    reportPath = try container.decode(String?.self, forKey: .reportPath)
    baselinePath = try container.decode(String?.self, forKey: .baselinePath)
    thresholdPercent = try container.decode(Double.self, forKey: .thresholdPercent)
    help = try container.decode(Bool.self, forKey: .help)
    htmlPaths = try container.decodeIfPresent([String].self, forKey: .htmlPaths) ?? []
  }

  /// Writes every key, unset ones as `null`, so the JSON report has one shape.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(engines, forKey: .engines)
    try container.encode(extensions, forKey: .extensions)
    try container.encode(corpusPaths, forKey: .corpusPaths)
    try container.encode(runs, forKey: .runs)
    try container.encode(warmup, forKey: .warmup)
    try container.encode(specPaths, forKey: .specPaths)
    try container.encode(scaling, forKey: .scaling)
    try container.encode(clock, forKey: .clock)
    try container.encode(jobs, forKey: .jobs)
    try container.encode(format, forKey: .format)
    try container.encode(reportPath, forKey: .reportPath)
    try container.encode(baselinePath, forKey: .baselinePath)
    try container.encode(thresholdPercent, forKey: .thresholdPercent)
    try container.encode(help, forKey: .help)
    try container.encode(htmlPaths, forKey: .htmlPaths)
  }
}
