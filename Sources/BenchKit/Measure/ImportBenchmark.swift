/// Measures HTML → StyledText against libxml2's own tree parse of the same HTML.
struct ImportBenchmark {
  /// HTML → StyledText; returns the text's length.
  let styledText: @Sendable (String) throws -> Int
  /// libxml2's tree parse of the bytes.
  let libxml2TreeParse: @Sendable (UnsafeBufferPointer<UInt8>) -> Int
  /// The clock the runs are timed on.
  let stopwatch: Stopwatch

  /// Both paths over `html`, `runs` interleaved runs after `warmup`.
  func measure(_ html: [PreparedDocument], runs: Int, warmup: Int) throws -> ImportFigures {
    let timings = try InterleavedTimings(
      runs: runs, warmup: warmup, stopwatch: stopwatch,
      first: { try html.reduce(0) { $0 &+ (try styledText($1.text)) } },
      second: {
        html.reduce(0) { total, document in
          total &+ document.withBytes(libxml2TreeParse)
        }
      })
    let bytes = PreparedDocument.byteCount(html)
    let importSpeed = SampleStatistics(
      InterleavedTimings.megabytesPerSecond(timings.first, bytes: bytes))!
    let libxml2Speed = SampleStatistics(
      InterleavedTimings.megabytesPerSecond(timings.second, bytes: bytes))!
    return ImportFigures(
      throughputMBps: importSpeed.median, libxml2MBps: libxml2Speed.median,
      ratio: SampleStatistics(timings.pairedRatios)!.median, htmlBytes: bytes)
  }

  /// One importer of the side-by-side comparison over `html`, interleaved the same way.
  static func measure(
    _ stage: ImporterStage, on html: [PreparedDocument], runs: Int, warmup: Int,
    stopwatch: Stopwatch
  ) throws -> ImporterFigures {
    let timings = try InterleavedTimings(
      runs: runs, warmup: warmup, stopwatch: stopwatch,
      first: { try html.reduce(0) { $0 &+ (try stage.styledText($1.text)) } },
      second: {
        html.reduce(0) { total, document in
          total &+ document.withBytes(stage.treeParse)
        }
      })
    let bytes = PreparedDocument.byteCount(html)
    return ImporterFigures(
      id: stage.id, library: stage.library,
      throughputMBps: SampleStatistics(
        InterleavedTimings.megabytesPerSecond(timings.first, bytes: bytes))!,
      parseMBps: SampleStatistics(
        InterleavedTimings.megabytesPerSecond(timings.second, bytes: bytes))!,
      ratio: SampleStatistics(timings.pairedRatios)!, htmlBytes: bytes)
  }
}
