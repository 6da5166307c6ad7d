import RenderCore

/// Runs every measurement the options ask for and gathers them into a ``BenchReport``.
package struct BenchRun: Sendable {
  /// The engines that can be measured.
  package var registry: EngineRegistry
  /// The stages beyond Markdown → HTML.
  package var stages: PipelineStages
  /// Where progress goes.
  var progress: ProgressLog
  /// The options every engine renders the corpus with: the defaults, safe for any input.
  let renderOptions = RenderOptions()

  /// Creates a run over `registry` and `stages`, logging progress to `progress`.
  init(registry: EngineRegistry, stages: PipelineStages, progress: ProgressLog) {
    self.registry = registry
    self.stages = stages
    self.progress = progress
  }

  /// Measures what `options` ask for.
  package func report(for options: BenchOptions) throws -> BenchReport {
    let engines = try (options.engines ?? registry.engineIDs).map { id in
      try registry.engine(id: id)
    }
    let corpora =
      options.corpusPaths.isEmpty
      ? [CorpusGenerator().corpus()] : try options.corpusPaths.map(CorpusLoader.load)
    let corpus = Corpus(
      name: corpora.map(\.name).joined(separator: "+"), documents: corpora.flatMap(\.documents))
    let documents = PreparedDocument.all(corpus.documents)
    progress("corpus \(corpus.name): \(documents.count) documents, \(corpus.byteCount) bytes")

    var engineFigures: [EngineFigures] = []
    for engine in engines {
      progress("measuring \(engine.descriptor.id)")
      let benchmark = EngineBenchmark(
        engine: engine, options: renderOptions,
        raw: RawEngineCall.forEngine(id: engine.descriptor.id, options: renderOptions),
        stopwatch: Stopwatch(clock: options.clock))
      let styledText = try stages.styledText.map { stage in
        try benchmark.styledTextThroughput(
          documents, runs: options.runs, warmup: options.warmup, stage: stage)
      }
      engineFigures.append(
        try benchmark.measure(
          documents, runs: options.runs, warmup: options.warmup, styledText: styledText))
    }

    let htmlSource = engines.first { $0.descriptor.id == "cmark" } ?? engines[0]
    let html = try documents.map { document in
      PreparedDocument(try htmlSource.render(document.text, options: renderOptions).html)
    }
    var importFigures: ImportFigures?
    if let styledText = stages.styledText, let libxml2 = stages.libxml2TreeParse {
      progress("measuring HTML import")
      importFigures = try ImportBenchmark(
        styledText: styledText, libxml2TreeParse: libxml2,
        stopwatch: Stopwatch(clock: options.clock)
      )
      .measure(html, runs: options.runs, warmup: options.warmup)
    }

    var parity: [ParityFigures] = []
    if let normalize = stages.normalize, engines.count > 1 {
      progress("comparing outputs")
      parity = ParityComparison(engines: engines, options: renderOptions, normalize: normalize)
        .compare(corpus.chapters)
    }

    var conformance: [ConformanceFigures] = []
    var agreement: [AgreementFigures] = []
    for path in options.specPaths {
      guard let normalize = stages.normalize else {
        throw RenderError.invalidConfiguration(
          source: "command line", key: "--spec",
          problem: "conformance needs the HTML normaliser, which this build lacks")
      }
      progress("running suite \(path)")
      let results = try ConformanceSuite(path: path).results(of: engines, normalize: normalize)
      conformance += results.conformance
      agreement += results.agreement
    }

    let extra = ExtraMeasurements(run: self, options: options, engines: engines)
    let scaling = options.scaling ? try extra.scaling(documents: corpus.documents, html: html) : []
    let jobs = try options.jobs.map { try extra.parallel(jobs: $0, corpus: corpus) } ?? []

    let context = ReportContext.current(
      libraries: Dictionary(
        engines.map { ($0.descriptor.id, $0.descriptor.libraryVersion) },
        uniquingKeysWith: { first, _ in first }),
      corpus: corpora.map(CorpusSummary.init), options: options)
    return BenchReport(
      context: context, engines: engineFigures, import: importFigures, parity: parity,
      conformance: conformance, conformanceAgreement: agreement, scaling: scaling, jobs: jobs,
      memory: MemoryFigures(peakRSSBytes: PeakMemory.residentBytes()))
  }
}
