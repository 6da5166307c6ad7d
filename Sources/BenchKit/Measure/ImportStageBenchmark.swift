import Foundation
import RenderCore
import RenderStyling
import RenderText

/// Where HTML → text goes, per importer: the C library's parse as the importer runs it, the
/// walk of its result into a ``Document``, the default stylesheet's cascade, building the
/// StyledText, and writing it as plain text and as JSON.
///
/// Parse and walk are told apart inside each import (the importer signals the end of its
/// parse), so they add up to the import; every other stage runs over all the documents
/// before the next starts, each timed alone. The importers take turns run after run, so
/// drift of the machine touches them alike.
struct ImportStageBenchmark {
  /// The clock the stages are timed on.
  let stopwatch: Stopwatch

  /// Seconds of one run of every stage, in ``ImportStageFigures/stageNames`` order.
  private func run(_ stage: ImporterStage, on html: [PreparedDocument]) throws -> [Double] {
    guard let importDocument = stage.importDocument else { return [] }
    var sink = 0
    var documents: [Document] = []
    var parse = 0.0
    let imported = try stopwatch.seconds(
      {
        documents = try html.map { page in
          let start = stopwatch.now()
          return try importDocument(page.text) { parse += stopwatch.now() - start }
        }
        return documents.count
      }, sink: &sink)
    var styles: [CascadedStyles] = []
    let cascade = try stopwatch.seconds(
      {
        styles = try documents.map { try Stylesheet.default.cascade($0, colorScheme: .light) }
        return styles.count
      }, sink: &sink)
    var texts: [StyledText] = []
    let build = stopwatch.seconds(
      {
        texts = zip(documents, styles).map { StyledText(document: $0, styles: $1) }
        return texts.count
      }, sink: &sink)
    let plain = stopwatch.seconds(
      { texts.reduce(0) { $0 &+ $1.plainText.utf8.count } }, sink: &sink)
    let json = stopwatch.seconds({ texts.reduce(0) { $0 &+ $1.jsonData().count } }, sink: &sink)
    // Keeps the results observable, so no optimiser can prove the work unused.
    if sink == Int.min { print(sink) }
    return [parse, max(imported - parse, 0), cascade, build, plain, json]
  }

  /// Every importer that can import alone, over `html`, `runs` runs after `warmup`.
  func measure(
    _ importers: [ImporterStage], on html: [PreparedDocument], runs: Int, warmup: Int
  ) throws -> [ImportStageFigures] {
    let measured = importers.filter { $0.importDocument != nil }
    var samples = Array(repeating: [[Double]](), count: measured.count)
    for round in 0..<(warmup + runs) {
      let order = round % 2 == 0 ? Array(measured.indices) : measured.indices.reversed()
      for index in order {
        let seconds = try run(measured[index], on: html)
        if round >= warmup { samples[index].append(seconds) }
      }
    }
    let bytes = PreparedDocument.byteCount(html)
    return zip(measured, samples).map { stage, runs in
      let milliseconds = ImportStageFigures.stageNames.indices.map { stage in
        SampleStatistics(runs.map { $0[stage] * 1e3 })!
      }
      return ImportStageFigures(
        id: stage.id, library: stage.library, htmlBytes: bytes, documents: html.count,
        milliseconds: milliseconds)
    }
  }
}
