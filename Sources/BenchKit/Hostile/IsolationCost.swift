import Foundation
import RenderKit

/// What isolation costs, per engine, measured in one run (`renderbench isolation`): the
/// throughput of a corpus's chapters through ``IsolatedEngine`` over in-process, the extra
/// time of one call on a 1 KB document with a warm pool, and a freshly started worker's first
/// call on that document.
///
/// Every figure is a median over `runs` with its spread (minimum–maximum); in-process and
/// isolated samples are interleaved so that load on the machine falls on both alike.
struct IsolationCost {
  /// The chapters rendered for the throughput ratio.
  let chapters: [String]
  /// Measured runs per figure.
  let runs: Int

  /// The 1 KB document: the corpus's first kilobyte cut at a line end, or, for a tiny corpus,
  /// a fixed paragraph repeated.
  var smallDocument: String {
    let text = chapters.joined(separator: "\n")
    guard text.utf8.count >= 1024 else {
      return String(
        repeating: "Some *emphasis*, `code` and a [link](https://example.com).\n", count: 18)
    }
    let prefix = String(decoding: text.utf8.prefix(1024), as: UTF8.self)
    return prefix.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "\n") + "\n"
  }

  /// The table for every engine in `engineIDs`.
  func table(engineIDs: [String]) throws -> TextTable {
    var rows: [[String]] = []
    for id in engineIDs {
      let inProcess = try EngineRegistry.builtIn.engine(id: id)
      let isolated = try IsolatedEngine(engineID: id)
      let ratio = try throughputRatio(inProcess, isolated)
      let (roundTrip, inProcessCall) = try roundTrip(inProcess, isolated)
      let first = try firstCall(id)
      rows.append([
        id, Self.format(ratio, digits: 2), Self.microseconds(roundTrip),
        Self.microseconds(inProcessCall), Self.microseconds(first),
      ])
    }
    let bytes = chapters.reduce(0) { $0 + $1.utf8.count }
    return TextTable(
      title:
        "Isolation cost (\(chapters.count) chapters, \(bytes) bytes; medians of \(runs) runs, min–max)",
      header: [
        "engine", "isolated / in-process throughput", "1 KB round trip, warm pool (µs)",
        "1 KB in-process call (µs)", "warm worker's first 1 KB call (µs)",
      ],
      rows: rows,
      notes: [
        "round trip: an isolated call's median time minus the in-process call's, 1 KB document",
        "first call: a worker started and left idle for 0.5 s, then its first request",
      ])
  }

  /// In-process time over isolated time for all chapters, one ratio per run.
  private func throughputRatio(
    _ inProcess: any MarkdownEngine, _ isolated: IsolatedEngine
  ) throws -> SampleStatistics {
    let options = RenderOptions()
    func seconds(_ engine: any MarkdownEngine) throws -> Double {
      let start = ContinuousClock.now
      var sink = 0
      for chapter in chapters {
        sink &+= try engine.render(chapter, options: options).utf8Count
      }
      precondition(sink > 0)
      return Self.seconds(ContinuousClock.now - start)
    }
    _ = try seconds(isolated)
    var ratios: [Double] = []
    for _ in 0..<runs {
      let local = try seconds(inProcess)
      ratios.append(local / (try seconds(isolated)))
    }
    return SampleStatistics(ratios)!
  }

  /// The extra time of an isolated call on the 1 KB document with a warm pool, and the
  /// in-process call's own time; each run's figure is the median of 200 calls.
  private func roundTrip(
    _ inProcess: any MarkdownEngine, _ isolated: IsolatedEngine
  ) throws -> (SampleStatistics, SampleStatistics) {
    let document = smallDocument
    let options = RenderOptions()
    func median(_ engine: any MarkdownEngine) throws -> Double {
      var samples: [Double] = []
      for _ in 0..<200 {
        let start = ContinuousClock.now
        _ = try engine.render(document, options: options)
        samples.append(Self.seconds(ContinuousClock.now - start))
      }
      return SampleStatistics(samples)!.median
    }
    for _ in 0..<50 { _ = try isolated.render(document, options: options) }
    var extra: [Double] = []
    var local: [Double] = []
    for _ in 0..<runs {
      let own = try median(inProcess)
      local.append(own)
      extra.append(try median(isolated) - own)
    }
    return (SampleStatistics(extra)!, SampleStatistics(local)!)
  }

  /// A new worker's first call on the 1 KB document, once it has started.
  private func firstCall(_ id: String) throws -> SampleStatistics {
    let document = smallDocument
    var samples: [Double] = []
    for _ in 0..<runs {
      let isolated = try IsolatedEngine(engineID: id)
      try isolated.startWorker()
      Thread.sleep(forTimeInterval: 0.5)
      let start = ContinuousClock.now
      _ = try isolated.render(document, options: RenderOptions())
      samples.append(Self.seconds(ContinuousClock.now - start))
    }
    return SampleStatistics(samples)!
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) * 1e-18
  }

  private static func format(_ statistics: SampleStatistics, digits: Int) -> String {
    func text(_ value: Double) -> String { String(format: "%.\(digits)f", value) }
    return "\(text(statistics.median)) (\(text(statistics.min))–\(text(statistics.max)))"
  }

  private static func microseconds(_ statistics: SampleStatistics) -> String {
    format(
      SampleStatistics(
        median: statistics.median * 1e6, min: statistics.min * 1e6, max: statistics.max * 1e6),
      digits: 0)
  }
}
