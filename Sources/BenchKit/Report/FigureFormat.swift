/// How figures are written in tables: fixed decimals, no locale, `–` for unknown.
enum FigureFormat {
  /// `value` with `decimals` digits after the point; `–` when `nil`.
  static func fixed(_ value: Double?, decimals: Int = 1) -> String {
    guard let value, value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let point = text.firstIndex(of: ".") {
      let fraction = text[text.index(after: point)...]
      if fraction.count < decimals {
        text += String(repeating: "0", count: decimals - fraction.count)
      }
      if decimals == 0 { text = String(text[..<point]) }
    } else if decimals > 0 {
      text += "." + String(repeating: "0", count: decimals)
    }
    return text
  }

  /// `bytes` in MB (10⁶ bytes) with two decimals.
  static func megabytes(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1e6, decimals: 2) + " MB"
  }

  /// `part` of `whole` as a percentage with one decimal.
  static func percent(_ part: Int, of whole: Int) -> String {
    whole > 0 ? fixed(Double(part) * 100 / Double(whole)) + " %" : "–"
  }
}
