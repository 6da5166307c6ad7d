import RenderCore

/// The report as one self-contained HTML page: the tables, a throughput chart per path and
/// a scaling chart, as inline SVG, in light and dark colours (`prefers-color-scheme`).
struct HTMLReportPage {
  /// The report shown.
  let report: BenchReport

  private static let style = """
    :root { color-scheme: light dark; --text: #1d1d1f; --muted: #6e6e73; --background: #ffffff;
      --rule: #d2d2d7; --c0: #0a66c2; --c1: #8e8e93; --c2: #2e9e5b; --c3: #c56a00; }
    @media (prefers-color-scheme: dark) {
      :root { --text: #f2f2f7; --muted: #a1a1a6; --background: #1c1c1e; --rule: #3a3a3c;
        --c0: #4da3ff; --c1: #8e8e93; --c2: #4cd07d; --c3: #ffa94d; } }
    body { font: 15px/1.5 system-ui, sans-serif; color: var(--text); background: var(--background);
      max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
    table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
    th, td { padding: 0.2rem 0.7rem; border-bottom: 1px solid var(--rule); text-align: right; }
    th:first-child, td:first-child { text-align: left; }
    pre { color: var(--muted); white-space: pre-wrap; font-size: 13px; }
    svg text { fill: var(--text); font: 13px system-ui, sans-serif; }
    svg .value { fill: var(--muted); }
    .series0 { fill: var(--c0); } .series1 { fill: var(--c1); }
    .series2 { fill: var(--c2); } .series3 { fill: var(--c3); }
    polyline { fill: none; stroke-width: 2.5; }
    .line0 { stroke: var(--c0); } .line1 { stroke: var(--c2); }
    .line2 { stroke: var(--c3); } .line3 { stroke: var(--c1); }
    .swatch0 { fill: var(--c0); } .swatch1 { fill: var(--c2); }
    .swatch2 { fill: var(--c3); } .swatch3 { fill: var(--c1); }
    .ideal { stroke: var(--muted); stroke-dasharray: 5 4; stroke-width: 1.5; }
    .axis { stroke: var(--rule); }
    """

  /// The page's HTML.
  var html: String {
    let tables = ReportTables(report: report)
    var body = [
      "<h1>renderbench</h1>", "<p>\(HTMLEscaping.escape(tables.summary, for: .quotedValue))</p>",
    ]
    body.append("<h2>Throughput</h2>")
    body.append(throughputChart.svg)
    if !report.scaling.isEmpty {
      body.append("<h2>Scaling</h2>")
      body.append(scalingChart.svg)
    }
    body += tables.tables.map(Self.table)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>renderbench report</title>
      <style>
      \(Self.style)
      </style>
      </head>
      <body>
      \(body.joined(separator: "\n"))
      </body>
      </html>

      """
  }

  /// Bars for every engine's paths (framework, raw C, StyledText) and for import.
  var throughputChart: SVGBarChart {
    var bars: [SVGBarChart.Bar] = []
    for engine in report.engines {
      bars.append(
        .init(label: "\(engine.id) → HTML", value: engine.throughputMBps.median, series: 0))
      if let raw = engine.rawMBps {
        bars.append(.init(label: "\(engine.id) raw C", value: raw.median, series: 1))
      }
      if let styled = engine.styledTextMBps {
        bars.append(.init(label: "\(engine.id) → StyledText", value: styled, series: 2))
      }
    }
    if let figures = report.import {
      bars.append(.init(label: "HTML → StyledText", value: figures.throughputMBps, series: 3))
      bars.append(.init(label: "libxml2 tree parse", value: figures.libxml2MBps, series: 1))
    }
    return SVGBarChart(
      title: "Throughput per engine and path, median MB/s", bars: bars, unit: "MB/s")
  }

  /// One line per path over 1×, 2×, 4×, 8×.
  var scalingChart: SVGLineChart {
    SVGLineChart(
      title: "Time at k× the input over time at 1×", factors: [1, 2, 4, 8],
      lines: report.scaling.map { figures in
        .init(
          label: figures.engine, values: [1, figures.ratio2x, figures.ratio4x, figures.ratio8x])
      })
  }

  private static func table(_ table: TextTable) -> String {
    func row(_ cells: [String], tag: String) -> String {
      "<tr>"
        + cells.map { "<\(tag)>\(HTMLEscaping.escape($0, for: .quotedValue))</\(tag)>" }.joined()
        + "</tr>"
    }
    var parts = [
      "<h3>\(HTMLEscaping.escape(table.title, for: .quotedValue))</h3>", "<table>",
      row(table.header, tag: "th"),
    ]
    parts += table.rows.map { row($0, tag: "td") }
    parts.append("</table>")
    if !table.notes.isEmpty {
      parts.append(
        "<pre>\(HTMLEscaping.escape(table.notes.joined(separator: "\n"), for: .quotedValue))</pre>")
    }
    return parts.joined(separator: "\n")
  }
}
