import RenderCore

/// The measurements only some runs ask for: scaling (`--scaling`) and parallel runs (`--jobs`).
struct ExtraMeasurements {
  /// The run they belong to.
  let run: BenchRun
  /// Its options.
  let options: BenchOptions
  /// The engines measured.
  let engines: [any MarkdownEngine]

  /// Time ratios at 2×, 4× and 8× the input, per engine and for HTML import.
  ///
  /// Each size is timed `min(runs, 3)` times: the 8× corpus is large, and the ratio of
  /// medians is steady after a few runs.
  func scaling(documents: [CorpusDocument], html: [PreparedDocument]) throws -> [ScalingFigures] {
    let stopwatch = Stopwatch(clock: options.clock)
    let benchmark = ScalingBenchmark(runs: min(options.runs, 3), stopwatch: stopwatch)
    let corpus = Corpus(name: "scaling", documents: documents)
    let inputs = ScalingBenchmark.factors.map {
      PreparedDocument.all(corpus.scaled(by: $0).documents)
    }
    var figures: [ScalingFigures] = []
    for engine in engines {
      run.progress("scaling \(engine.descriptor.id)")
      let path = EngineBenchmark(
        engine: engine, options: run.renderOptions(for: engine), raw: nil, stopwatch: stopwatch)
      figures.append(
        try benchmark.measure(path: engine.descriptor.id, inputs: inputs, work: path.renderAll))
    }
    if let styledText = run.stages.styledText {
      run.progress("scaling import")
      let htmlInputs = ScalingBenchmark.factors.map { factor in
        html.map { document in
          PreparedDocument(Array(repeating: document.text, count: factor).joined(separator: "\n"))
        }
      }
      figures.append(
        try benchmark.measure(path: "import", inputs: htmlInputs) { documents in
          try documents.reduce(0) { $0 &+ (try styledText($1.text)) }
        })
    }
    return figures
  }

  /// The speed-up of rendering the corpus's chapters on `jobs` threads, per engine and for
  /// HTML import.
  func parallel(jobs: Int, corpus: Corpus) throws -> [JobsFigures] {
    let chapters = PreparedDocument.all(corpus.chapters)
    let benchmark = ParallelBenchmark(jobs: jobs)
    var figures: [JobsFigures] = []
    for engine in engines {
      let options = run.renderOptions(for: engine)
      run.progress("running \(engine.descriptor.id) on \(jobs) threads")
      let result = try benchmark.measure(
        chapters, runs: self.options.runs, warmup: min(self.options.warmup, 1)
      ) { chapter in
        try engine.render(chapter.text, options: options).utf8Count
      }
      figures.append(
        JobsFigures(
          engine: engine.descriptor.id, jobs: jobs, speedup: result.speedup,
          parallelism: result.parallelism))
    }
    let source = engines.first { $0.descriptor.id == "cmark" } ?? engines.first
    if let styledText = run.stages.styledText, let source {
      run.progress("running import on \(jobs) threads")
      let html = try chapters.map { chapter in
        PreparedDocument(
          try source.render(chapter.text, options: run.renderOptions(for: source)).html)
      }
      let result = try benchmark.measure(
        html, runs: self.options.runs, warmup: min(self.options.warmup, 1)
      ) { document in try styledText(document.text) }
      figures.append(
        JobsFigures(
          engine: "import", jobs: jobs, speedup: result.speedup, parallelism: result.parallelism))
    }
    return figures
  }
}
