import RenderCore
import RenderText

/// Measures each output written from StyledText against building that StyledText from the
/// Markdown, interleaved in one run.
struct OutputBenchmark {
  /// Markdown → StyledText through an engine's Document.
  let styledText: @Sendable (any MarkdownEngine, String, RenderOptions) throws -> StyledText
  /// The engine and options the text is built with.
  let engine: any MarkdownEngine
  let options: RenderOptions
  /// The clock the runs are timed on.
  let stopwatch: Stopwatch

  /// Each of `stages` over `documents`, `runs` interleaved runs after `warmup`; the StyledText
  /// they write is built once beforehand, for all of them.
  func measure(
    _ stages: [OutputStage], on documents: [PreparedDocument], runs: Int, warmup: Int,
    progress: ProgressLog
  ) throws -> [OutputFigures] {
    guard !stages.isEmpty else { return [] }
    let texts = try documents.map { try styledText(engine, $0.text, options) }
    return try stages.map { stage in
      progress("measuring output \(stage.id)")
      return try measure(stage, writing: texts, from: documents, runs: runs, warmup: warmup)
    }
  }

  /// `stage` writing `texts`, the StyledText of `documents`, against building them again.
  private func measure(
    _ stage: OutputStage, writing texts: [StyledText], from documents: [PreparedDocument],
    runs: Int, warmup: Int
  ) throws -> OutputFigures {
    let timings = try InterleavedTimings(
      runs: runs, warmup: warmup, stopwatch: stopwatch,
      first: {
        try documents.reduce(0) {
          $0 &+ (try styledText(engine, $1.text, options)).string.utf8.count
        }
      },
      second: { texts.reduce(0) { $0 &+ stage.write($1) } })
    let bytes = PreparedDocument.byteCount(documents)
    return OutputFigures(
      id: stage.id, engine: engine.descriptor.id,
      throughputMBps: SampleStatistics(
        InterleavedTimings.megabytesPerSecond(timings.second, bytes: bytes))!,
      styledTextMBps: SampleStatistics(
        InterleavedTimings.megabytesPerSecond(timings.first, bytes: bytes))!,
      ratio: SampleStatistics(timings.pairedRatios)!, markdownBytes: bytes)
  }
}
