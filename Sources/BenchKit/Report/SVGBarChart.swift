import RenderCore

/// A horizontal bar chart as inline SVG: one labelled bar per value, scaled to the largest.
struct SVGBarChart: Sendable {
  /// One bar.
  struct Bar: Sendable {
    /// The label left of the bar.
    var label: String
    /// The value, drawn to scale and written after the bar.
    var value: Double
    /// Which colour series it belongs to (0, 1, 2 …), so the same path has the same colour.
    var series: Int
  }

  /// The chart's accessible title.
  var title: String
  /// The bars, top to bottom.
  var bars: [Bar]
  /// The unit written after each value, e.g. `MB/s`.
  var unit: String

  /// The SVG element; colours come from the page's CSS classes `series0` … `series3`.
  var svg: String {
    let labelWidth = 220.0
    let barArea = 420.0
    let rowHeight = 26.0
    let height = rowHeight * Double(bars.count) + 10
    let largest = bars.map(\.value).max() ?? 0
    var parts = [
      "<svg role=\"img\" viewBox=\"0 0 \(Int(labelWidth + barArea + 110)) \(Int(height))\" "
        + "width=\"100%\"><title>\(HTMLEscaping.escape(title, for: .quotedValue))</title>"
    ]
    for (index, bar) in bars.enumerated() {
      let y = 5 + Double(index) * rowHeight
      let width = largest > 0 ? max(1, bar.value / largest * barArea) : 1
      parts.append(
        "<text class=\"label\" x=\"\(Int(labelWidth - 8))\" y=\"\(Int(y + 17))\" "
          + "text-anchor=\"end\">\(HTMLEscaping.escape(bar.label, for: .quotedValue))</text>"
          + "<rect class=\"series\(bar.series % 4)\" x=\"\(Int(labelWidth))\" y=\"\(Int(y + 3))\" "
          + "width=\"\(FigureFormat.fixed(width))\" height=\"\(Int(rowHeight - 8))\" rx=\"3\"/>"
          + "<text class=\"value\" x=\"\(FigureFormat.fixed(labelWidth + width + 6))\" "
          + "y=\"\(Int(y + 17))\">\(FigureFormat.fixed(bar.value)) \(HTMLEscaping.escape(unit, for: .quotedValue))</text>"
      )
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }
}
