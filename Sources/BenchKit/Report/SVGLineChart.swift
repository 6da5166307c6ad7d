import RenderCore

/// A line chart as inline SVG: one line per series over the scaling factors 1, 2, 4, 8,
/// with the linear ideal drawn dashed for reference.
struct SVGLineChart: Sendable {
  /// One line.
  struct Line: Sendable {
    /// The legend label.
    var label: String
    /// The value at each factor.
    var values: [Double]
  }

  /// The chart's accessible title.
  var title: String
  /// The x positions' values (the factors).
  var factors: [Double]
  /// The lines.
  var lines: [Line]

  /// The SVG element; colours come from the page's CSS classes `line0` … `line3` for the
  /// lines and `swatch0` … `swatch3` for their legend marks.
  var svg: String {
    let width = 560.0
    let height = 300.0
    let margin = 40.0
    let largest = max(lines.flatMap(\.values).max() ?? 1, factors.max() ?? 1)
    let smallestFactor = factors.min() ?? 0
    let largestFactor = factors.max() ?? 1
    func point(_ factor: Double, _ value: Double) -> String {
      let span = max(largestFactor - smallestFactor, 1)
      let x = margin + (factor - smallestFactor) / span * (width - 2 * margin)
      let y = height - margin - value / largest * (height - 2 * margin)
      return "\(FigureFormat.fixed(x)),\(FigureFormat.fixed(y))"
    }
    var parts = [
      "<svg role=\"img\" viewBox=\"0 0 \(Int(width + 160)) \(Int(height))\" width=\"100%\">"
        + "<title>\(HTMLEscaping.escape(title, for: .quotedValue))</title>",
      "<line class=\"axis\" x1=\"\(Int(margin))\" y1=\"\(Int(height - margin))\" "
        + "x2=\"\(Int(width - margin))\" y2=\"\(Int(height - margin))\"/>",
      "<line class=\"axis\" x1=\"\(Int(margin))\" y1=\"\(Int(margin))\" x2=\"\(Int(margin))\" "
        + "y2=\"\(Int(height - margin))\"/>",
      "<polyline class=\"ideal\" points=\"\(factors.map { point($0, $0) }.joined(separator: " "))\"/>",
    ]
    for factor in factors {
      parts.append(
        "<text class=\"label\" x=\"\(point(factor, 0).split(separator: ",")[0])\" "
          + "y=\"\(Int(height - margin + 18))\" text-anchor=\"middle\">\(Int(factor))×</text>")
    }
    for (index, line) in lines.enumerated() {
      let points = zip(factors, line.values).map { point($0, $1) }.joined(separator: " ")
      parts.append("<polyline class=\"line\(index % 4)\" points=\"\(points)\"/>")
      parts.append(
        "<text class=\"label\" x=\"\(Int(width - margin + 16))\" y=\"\(Int(margin + 20 * Double(index)))\">"
          + "<tspan class=\"swatch\(index % 4)\">■</tspan> \(HTMLEscaping.escape(line.label, for: .quotedValue)) "
          + "(8×: \(FigureFormat.fixed(line.values.last, decimals: 2)))</text>")
    }
    parts.append(
      "<text class=\"label\" x=\"\(Int(width - margin + 16))\" "
        + "y=\"\(Int(margin + 20 * Double(lines.count)))\">┄ linear</text>")
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }
}
