import BenchKit

/// Small hand-made reports for tests of what reads reports.
enum ReportSamples {
  /// A report with one engine at `cmarkMBps` and a scaling figure of `ratio8x`.
  static func report(cmarkMBps: Double, ratio8x: Double = 8) -> BenchReport {
    let context = ReportContext(
      cores: 2, os: "test", swiftVersion: "6.3", libraries: ["cmark": "0.30.2"], corpus: [],
      options: BenchOptions())
    let engine = EngineFigures(
      id: "cmark", version: "0.30.2",
      throughputMBps: SampleStatistics(median: cmarkMBps, min: cmarkMBps, max: cmarkMBps),
      rawMBps: nil, overheadRatio: 0.98, documentsPerSecond: 100, styledTextMBps: nil)
    return BenchReport(
      context: context, engines: [engine], import: nil, parity: [], conformance: [],
      conformanceAgreement: [],
      scaling: [ScalingFigures(engine: "cmark", ratio2x: 2, ratio4x: 4, ratio8x: ratio8x)],
      jobs: [], memory: MemoryFigures(peakRSSBytes: 1))
  }
}
