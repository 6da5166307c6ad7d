import RenderCore

/// Measures one engine's Markdown → HTML throughput through the framework against its raw
/// C call, and its Markdown → StyledText throughput.
struct EngineBenchmark {
  /// The engine measured.
  let engine: any MarkdownEngine
  /// The options both paths use.
  let options: RenderOptions
  /// The engine's bare C call, when the tool knows it.
  let raw: RawEngineCall?
  /// The clock the runs are timed on.
  let stopwatch: Stopwatch

  /// Renders every document through the framework; the total HTML length. The fragment is
  /// what an app gets and writes out as bytes; decoding it to a `String` is the app's choice.
  func renderAll(_ documents: [PreparedDocument]) throws -> Int {
    var total = 0
    for document in documents {
      total &+= try engine.render(document.text, options: options).utf8Count
    }
    return total
  }

  /// Framework and raw figures over `runs` interleaved runs after `warmup`.
  func measure(
    _ documents: [PreparedDocument], runs: Int, warmup: Int, styledText: StyledTextFigures?
  ) throws -> EngineFigures {
    let bytes = PreparedDocument.byteCount(documents)
    var frameworkSeconds: [Double]
    var rawFigures: SampleStatistics?
    var overhead: Double?
    if let raw {
      let timings = try InterleavedTimings(
        runs: runs, warmup: warmup, stopwatch: stopwatch, first: { try renderAll(documents) },
        second: { raw.renderAll(documents) })
      frameworkSeconds = timings.first
      rawFigures = SampleStatistics(
        InterleavedTimings.megabytesPerSecond(timings.second, bytes: bytes))
      overhead = SampleStatistics(timings.pairedRatios)?.median
    } else {
      frameworkSeconds = try InterleavedTimings.single(
        runs: runs, warmup: warmup, stopwatch: stopwatch
      ) {
        try renderAll(documents)
      }
    }
    let throughput = SampleStatistics(
      InterleavedTimings.megabytesPerSecond(frameworkSeconds, bytes: bytes))!
    let medianSeconds = SampleStatistics(frameworkSeconds)!.median
    return EngineFigures(
      id: engine.descriptor.id, version: engine.descriptor.libraryVersion,
      throughputMBps: throughput, rawMBps: rawFigures, overheadRatio: overhead,
      documentsPerSecond: medianSeconds > 0 ? Double(documents.count) / medianSeconds : 0,
      styledTextMBps: styledText?.viaDocumentMBps, styledTextViaHTMLMBps: styledText?.viaHTMLMBps,
      documentSpeedup: styledText?.documentSpeedup)
  }

  /// Markdown → StyledText throughput (MB/s of Markdown, medians of `runs`) through the
  /// engine's ``Document`` and through its HTML imported by `viaHTML`, interleaved in one run.
  func styledTextThroughput(
    _ documents: [PreparedDocument], runs: Int, warmup: Int,
    viaHTML: @Sendable (String) throws -> Int,
    viaDocument: @Sendable (any MarkdownEngine, String, RenderOptions) throws -> Int
  ) throws -> StyledTextFigures {
    let timings = try InterleavedTimings(
      runs: runs, warmup: warmup, stopwatch: stopwatch,
      first: {
        try documents.reduce(0) { $0 &+ (try viaDocument(engine, $1.text, options)) }
      },
      second: {
        try documents.reduce(0) {
          $0 &+ (try viaHTML(engine.render($1.text, options: options).html))
        }
      })
    let bytes = PreparedDocument.byteCount(documents)
    func median(_ seconds: [Double]) -> Double {
      SampleStatistics(InterleavedTimings.megabytesPerSecond(seconds, bytes: bytes))!.median
    }
    return StyledTextFigures(
      viaDocumentMBps: median(timings.first), viaHTMLMBps: median(timings.second),
      documentSpeedup: SampleStatistics(timings.pairedRatios)?.median ?? 0)
  }
}
