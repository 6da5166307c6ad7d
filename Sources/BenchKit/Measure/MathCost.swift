import Foundation
import RenderKit

/// What GitHub's math costs (`renderbench math`): converting formulas, per formula, and a
/// document rendered with math and alerts on against off, for an HTML fragment and for styled
/// text, in-process and with the default isolation (the engine in a worker).
///
/// Every figure is a median over `runs` with its spread (minimum–maximum). The on and off
/// renders are interleaved (``InterleavedTimings``), so that load on the machine falls on both
/// alike, and each ratio is the median of the runs' own ratios.
struct MathCost {
  /// The formulas converted, as written between the delimiters.
  let formulas: [String]
  /// The document rendered with math on and off.
  let document: String
  /// Measured runs per figure.
  let runs: Int
  /// The engine the document is rendered with.
  let engineID: String

  /// The table.
  func table() throws -> TextTable {
    let stopwatch = Stopwatch(clock: .cpu)
    let perFormula = 1e6 / Double(max(formulas.count, 1))
    let mathML = InterleavedTimings.single(runs: runs, warmup: 1, stopwatch: stopwatch) {
      formulas.reduce(0) { $0 &+ MathExpression(latex: $1).mathML(display: false).utf8.count }
    }
    let linear = InterleavedTimings.single(runs: runs, warmup: 1, stopwatch: stopwatch) {
      formulas.reduce(0) { $0 &+ MathExpression(latex: $1).linearText.utf8.count }
    }
    var rows = [
      ["LaTeX → MathML, µs per formula", Self.format(mathML.map { $0 * perFormula })],
      ["LaTeX → linear text, µs per formula", Self.format(linear.map { $0 * perFormula })],
    ]
    for isolation in [IsolationMode.inProcess, nil] {
      let (off, on) = try renderers(isolation)
      let name = isolation == .inProcess ? "in-process" : "default isolation"
      let fragment = try InterleavedTimings(
        runs: runs, warmup: 1, stopwatch: Stopwatch(clock: .wall),
        first: { try off.html(.markdown(document)).utf8Count },
        second: { try on.html(.markdown(document)).utf8Count })
      rows.append(["fragment, on / off, \(name)", Self.format(fragment.pairedRatios, digits: 3)])
      let styled = try InterleavedTimings(
        runs: runs, warmup: 1, stopwatch: Stopwatch(clock: .wall),
        first: { try off.styledText(.markdown(document)).string.utf8.count },
        second: { try on.styledText(.markdown(document)).string.utf8.count })
      rows.append(["styled text, on / off, \(name)", Self.format(styled.pairedRatios, digits: 3)])
    }
    return TextTable(
      title:
        "Math cost (\(formulas.count) formulas; a \(document.utf8.count)-byte document through "
        + "\(engineID); medians of \(runs) runs, min–max)",
      header: ["measure", "figure"],
      rows: rows,
      notes: [
        "per formula: parsing the LaTeX and writing it, processor time",
        "on / off: time with math and alerts on over time with both off (1.03 is 3 % slower), "
          + "wall time",
      ])
  }

  /// Renderers of `engineID` with math and alerts off, and on (the GFM profile's default).
  private func renderers(_ isolation: IsolationMode?) throws -> (Renderer, Renderer) {
    var configuration = RenderConfiguration()
    configuration.engine = engineID
    configuration.isolation = isolation
    let on = try Renderer(configuration: configuration)
    configuration.disabledExtensions = [.math, .alerts]
    return (try Renderer(configuration: configuration), on)
  }

  private static func format(_ samples: [Double], digits: Int = 2) -> String {
    guard let statistics = SampleStatistics(samples) else { return "–" }
    func text(_ value: Double) -> String { String(format: "%.\(digits)f", value) }
    return "\(text(statistics.median)) (\(text(statistics.min))–\(text(statistics.max)))"
  }
}
