import RenderCore

/// Runs every measurement the options ask for and gathers them into a ``BenchReport``.
package struct BenchRun: Sendable {
  /// The engines that can be measured.
  package var registry: EngineRegistry
  /// The stages beyond Markdown → HTML.
  package var stages: PipelineStages
  /// Where progress goes.
  var progress: ProgressLog
  /// The extensions `--extensions` asked for; each engine renders with the ones it has.
  private(set) var extensions: Set<RenderFeature> = []

  /// Creates a run over `registry` and `stages`, logging progress to `progress`.
  init(registry: EngineRegistry, stages: PipelineStages, progress: ProgressLog) {
    self.registry = registry
    self.stages = stages
    self.progress = progress
  }

  /// The options `engine` renders the corpus with: the defaults (safe for any input) plus the
  /// requested extensions it supports.
  func renderOptions(for engine: any MarkdownEngine) -> RenderOptions {
    RenderOptions(extensions: extensions.intersection(engine.descriptor.features))
  }

  /// Measures what `options` ask for.
  package func report(for options: BenchOptions) throws -> BenchReport {
    var run = self
    run.extensions = Set(options.extensions)
    return try run.measureAll(options)
  }

  private func measureAll(_ options: BenchOptions) throws -> BenchReport {
    if !options.htmlPaths.isEmpty { return try measureImportStages(options) }
    let engines = try (options.engines ?? registry.engineIDs).map { id in
      try registry.engine(id: id)
    }
    // Every file is read before measuring, so a wrong path fails at once, not minutes later.
    let suites = try options.specPaths.map(ConformanceSuite.init(path:))
    let corpora =
      options.corpusPaths.isEmpty
      ? [CorpusGenerator().corpus()] : try options.corpusPaths.map(CorpusLoader.load)
    let corpus = Corpus(
      name: corpora.map(\.name).joined(separator: "+"), documents: corpora.flatMap(\.documents))
    let documents = PreparedDocument.all(corpus.documents)
    progress("corpus \(corpus.name): \(documents.count) documents, \(corpus.byteCount) bytes")

    let engineFigures = try engines.map { try measure($0, on: documents, options: options) }
    let htmlSource = engines.first { $0.descriptor.id == "cmark" } ?? engines[0]
    let html = try documents.map { document in
      PreparedDocument(
        try htmlSource.render(document.text, options: renderOptions(for: htmlSource)).html)
    }
    let importFigures = try measureImport(html, options: options)
    let importerFigures = try stages.importers.map { stage in
      progress("measuring importer \(stage.id)")
      return try ImportBenchmark.measure(
        stage, on: html, runs: options.runs, warmup: options.warmup,
        stopwatch: Stopwatch(clock: options.clock))
    }

    progress("measuring importers per stage")
    let stageFigures = try ImportStageBenchmark(stopwatch: Stopwatch(clock: options.clock))
      .measure(stages.importers, on: html, runs: options.runs, warmup: options.warmup)

    let outputFigures = try measureOutputs(documents, source: htmlSource, options: options)

    var parity: [ParityFigures] = []
    if let normalize = stages.normalize, engines.count > 1 {
      progress("comparing outputs")
      parity = ParityComparison(engines: engines, options: renderOptions, normalize: normalize)
        .compare(corpus.chapters)
    }
    let conformance = try check(suites, engines: engines)

    let extra = ExtraMeasurements(run: self, options: options, engines: engines)
    let scaling = options.scaling ? try extra.scaling(documents: corpus.documents, html: html) : []
    let jobs = try options.jobs.map { try extra.parallel(jobs: $0, corpus: corpus) } ?? []

    let context = ReportContext.current(
      libraries: Dictionary(
        engines.map { ($0.descriptor.id, $0.descriptor.libraryVersion) },
        uniquingKeysWith: { first, _ in first }),
      corpus: corpora.map(CorpusSummary.init), options: options)
    var report = BenchReport(
      context: context, engines: engineFigures, import: importFigures, parity: parity,
      conformance: conformance.results, conformanceAgreement: conformance.agreement,
      scaling: scaling, jobs: jobs, memory: MemoryFigures(peakRSSBytes: PeakMemory.residentBytes()),
      importers: importerFigures, outputs: outputFigures)
    report.importStages = stageFigures
    return report
  }

  /// `--html`: only the importers, per stage, on the given pages.
  private func measureImportStages(_ options: BenchOptions) throws -> BenchReport {
    let corpora = try options.htmlPaths.map(CorpusLoader.loadHTML)
    let html = corpora.flatMap(\.documents).map { PreparedDocument($0.text) }
    progress("HTML: \(html.count) pages, \(PreparedDocument.byteCount(html)) bytes")
    progress("measuring importers per stage")
    let stageFigures = try ImportStageBenchmark(stopwatch: Stopwatch(clock: options.clock))
      .measure(stages.importers, on: html, runs: options.runs, warmup: options.warmup)
    let context = ReportContext.current(
      libraries: [:], corpus: corpora.map(CorpusSummary.init), options: options)
    var report = BenchReport(
      context: context, engines: [], import: nil, parity: [], conformance: [],
      conformanceAgreement: [], scaling: [], jobs: [],
      memory: MemoryFigures(peakRSSBytes: PeakMemory.residentBytes()))
    report.importStages = stageFigures
    return report
  }

  /// Each output stage against building its StyledText from `source`'s Document.
  private func measureOutputs(
    _ documents: [PreparedDocument], source: any MarkdownEngine, options: BenchOptions
  ) throws -> [OutputFigures] {
    guard let styledDocument = stages.styledDocument else { return [] }
    let benchmark = OutputBenchmark(
      styledText: styledDocument, engine: source, options: renderOptions(for: source),
      stopwatch: Stopwatch(clock: options.clock))
    return try benchmark.measure(
      stages.outputs, on: documents, runs: options.runs, warmup: options.warmup,
      progress: progress)
  }

  /// Markdown → HTML (framework against raw C) and Markdown → StyledText for one engine.
  private func measure(
    _ engine: any MarkdownEngine, on documents: [PreparedDocument], options: BenchOptions
  ) throws -> EngineFigures {
    progress("measuring \(engine.descriptor.id)")
    let engineOptions = renderOptions(for: engine)
    let benchmark = EngineBenchmark(
      engine: engine, options: engineOptions,
      raw: RawEngineCall.forEngine(id: engine.descriptor.id, options: engineOptions),
      stopwatch: Stopwatch(clock: options.clock))
    var styledText: StyledTextFigures?
    if let viaHTML = stages.styledText, let viaDocument = stages.documentStyledText {
      styledText = try benchmark.styledTextThroughput(
        documents, runs: options.runs, warmup: options.warmup, viaHTML: viaHTML,
        viaDocument: viaDocument)
    }
    return try benchmark.measure(
      documents, runs: options.runs, warmup: options.warmup, styledText: styledText)
  }

  /// HTML → StyledText against libxml2's tree parse; `nil` without those stages.
  private func measureImport(
    _ html: [PreparedDocument], options: BenchOptions
  ) throws -> ImportFigures? {
    guard let styledText = stages.styledText, let libxml2 = stages.libxml2TreeParse else {
      return nil
    }
    progress("measuring HTML import")
    return try ImportBenchmark(
      styledText: styledText, libxml2TreeParse: libxml2, stopwatch: Stopwatch(clock: options.clock)
    )
    .measure(html, runs: options.runs, warmup: options.warmup)
  }

  /// Every engine on every suite, and every pair's agreement.
  private func check(
    _ suites: [ConformanceSuite], engines: [any MarkdownEngine]
  ) throws -> (results: [ConformanceFigures], agreement: [AgreementFigures]) {
    guard !suites.isEmpty else { return ([], []) }
    guard let normalize = stages.normalize else {
      throw RenderError.invalidConfiguration(
        source: "command line", key: "--spec",
        problem: "conformance needs the HTML normaliser, which this build lacks")
    }
    var results: [ConformanceFigures] = []
    var agreement: [AgreementFigures] = []
    for suite in suites {
      progress("running suite \(suite.name)")
      let outcome = suite.results(of: engines, normalize: normalize)
      results += outcome.conformance
      agreement += outcome.agreement
    }
    return (results, agreement)
  }
}
