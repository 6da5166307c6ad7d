/// Compares a report with a baseline report and lists the figures that got worse by more
/// than a threshold.
///
/// Compared figures, each matched by its name in both reports (figures missing on either
/// side are skipped): per engine the median throughput, the overhead ratio and the
/// StyledText throughput; the import throughput and ratio; per pair the share of identical
/// chapters; per engine and suite the passed examples; per path the jobs speed-up; all
/// higher-is-better. The 8× scaling ratio is lower-is-better.
package struct BaselineComparison: Sendable {
  /// A figure that got worse past the threshold.
  package struct Regression: Sendable, Hashable, CustomStringConvertible {
    /// The figure's name, a path into the JSON report, e.g. `engines.cmark.throughputMBps.median`.
    package var name: String
    /// Its value in the baseline.
    package var baseline: Double
    /// Its value now.
    package var current: Double

    /// The change in percent of the baseline (negative when it fell).
    package var changePercent: Double {
      baseline != 0 ? (current - baseline) / abs(baseline) * 100 : 0
    }

    /// `name: 80.12 → 60.30 (-24.7 %)`.
    package var description: String {
      "\(name): \(FigureFormat.fixed(baseline, decimals: 3)) → "
        + "\(FigureFormat.fixed(current, decimals: 3)) (\(FigureFormat.fixed(changePercent)) %)"
    }
  }

  /// The regression, in percent, past which a figure counts.
  package var thresholdPercent: Double

  /// Creates a comparison that flags regressions past `thresholdPercent`.
  package init(thresholdPercent: Double) {
    self.thresholdPercent = thresholdPercent
  }

  /// The figures of `current` that are worse than in `baseline` by more than the threshold.
  package func regressions(current: BenchReport, baseline: BenchReport) -> [Regression] {
    let now = Self.figures(of: current)
    let before = Dictionary(
      Self.figures(of: baseline).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let allowance = thresholdPercent / 100
    return now.compactMap { figure in
      guard let old = before[figure.name] else { return nil }
      let worse =
        figure.higherIsBetter
        ? figure.value < old.value * (1 - allowance) : figure.value > old.value * (1 + allowance)
      return worse ? Regression(name: figure.name, baseline: old.value, current: figure.value) : nil
    }
  }

  private struct Figure {
    var name: String
    var value: Double
    var higherIsBetter = true
  }

  private static func figures(of report: BenchReport) -> [Figure] {
    var figures: [Figure] = []
    for engine in report.engines {
      let prefix = "engines.\(engine.id)"
      figures.append(
        Figure(name: "\(prefix).throughputMBps.median", value: engine.throughputMBps.median))
      if let overhead = engine.overheadRatio {
        figures.append(Figure(name: "\(prefix).overheadRatio", value: overhead))
      }
      if let styledText = engine.styledTextMBps {
        figures.append(Figure(name: "\(prefix).styledTextMBps", value: styledText))
      }
      if let speedup = engine.documentSpeedup {
        figures.append(Figure(name: "\(prefix).documentSpeedup", value: speedup))
      }
    }
    if let figuresOfImport = report.import {
      figures.append(Figure(name: "import.throughputMBps", value: figuresOfImport.throughputMBps))
      figures.append(Figure(name: "import.ratio", value: figuresOfImport.ratio))
    }
    for pair in report.parity where pair.total > 0 {
      figures.append(
        Figure(
          name: "parity.\(pair.a)/\(pair.b).identicalShare",
          value: Double(pair.identical) / Double(pair.total)))
    }
    for result in report.conformance {
      figures.append(
        Figure(
          name: "conformance.\(result.engine).\(result.suite).passed", value: Double(result.passed))
      )
    }
    for scaling in report.scaling {
      figures.append(
        Figure(
          name: "scaling.\(scaling.engine).ratio8x", value: scaling.ratio8x, higherIsBetter: false))
    }
    for jobs in report.jobs {
      figures.append(Figure(name: "jobs.\(jobs.engine).\(jobs.jobs).speedup", value: jobs.speedup))
    }
    return figures
  }
}
