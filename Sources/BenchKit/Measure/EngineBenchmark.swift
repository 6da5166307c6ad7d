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
    _ documents: [PreparedDocument], runs: Int, warmup: Int, styledText: Double?
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
      styledTextMBps: styledText)
  }

  /// Markdown → StyledText throughput (MB/s of Markdown, median of `runs`) through `stage`,
  /// which takes each document's Markdown.
  func styledTextThroughput(
    _ documents: [PreparedDocument], runs: Int, warmup: Int,
    stage: (String) throws -> Int
  ) throws -> Double {
    let seconds = try InterleavedTimings.single(runs: runs, warmup: warmup, stopwatch: stopwatch) {
      var total = 0
      for document in documents {
        total &+= try stage(document.text)
      }
      return total
    }
    let bytes = PreparedDocument.byteCount(documents)
    return SampleStatistics(InterleavedTimings.megabytesPerSecond(seconds, bytes: bytes))!.median
  }
}
