import RenderStyling

/// The marker a browser shows before a list item, for its `list-style-type` and number.
enum ListMarker {
  /// The marker text without the space that follows it, or nil for `none`.
  ///
  /// Alphabetic and roman numbering fall back to decimal outside their range, as CSS says.
  static func text(for type: ComputedStyle.ListStyleType, number: Int) -> String? {
    switch type {
    case .disc: return "•"
    case .circle: return "◦"
    case .square: return "▪"
    case .none: return nil
    case .decimal: return "\(number)."
    case .lowerAlpha: return (alphabetic(number) ?? String(number)) + "."
    case .upperAlpha: return (alphabetic(number)?.uppercased() ?? String(number)) + "."
    case .lowerRoman: return (roman(number) ?? String(number)) + "."
    case .upperRoman: return (roman(number)?.uppercased() ?? String(number)) + "."
    }
  }

  /// a, b, … z, aa, ab, … (bijective base 26); nil below 1.
  static func alphabetic(_ number: Int) -> String? {
    guard number >= 1 else { return nil }
    var scalars: [Unicode.Scalar] = []
    var remaining = number
    while remaining > 0 {
      remaining -= 1
      scalars.append(Unicode.Scalar(UInt8(97 + remaining % 26)))
      remaining /= 26
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars.reversed())
    return text
  }

  /// i, ii, iii, iv, …; nil outside 1…3999.
  static func roman(_ number: Int) -> String? {
    guard (1...3999).contains(number) else { return nil }
    let numerals: [(value: Int, text: String)] = [
      (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]
    var text = ""
    var remaining = number
    for numeral in numerals {
      while remaining >= numeral.value {
        text += numeral.text
        remaining -= numeral.value
      }
    }
    return text
  }
}
