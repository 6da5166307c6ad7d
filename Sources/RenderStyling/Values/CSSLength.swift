/// A length as declared, before it is resolved against font sizes.
enum CSSLength: Sendable, Hashable {
  /// Absolute, already converted to CSS pixels (`px`, `pt`, `pc`, `in`, `cm`, `mm`, `q`).
  case pixels(Double)
  /// Relative to the font size (`em`; `ex` and `ch` count as half an em).
  case em(Double)
  /// Relative to the root element's font size.
  case rem(Double)
  /// A percentage of the reference the property uses.
  case percent(Double)

  /// The largest magnitude accepted, in pixels or font-size multiples; beyond it a declaration
  /// is dropped as absurd.
  static let maximumMagnitude = 1_000_000.0

  /// Makes a length from a number and its lower-cased unit; nil when the unit is not one.
  init?(value: Double, unit: String) {
    switch unit {
    case "px": self = .pixels(value)
    case "pt": self = .pixels(value * 4 / 3)
    case "pc": self = .pixels(value * 16)
    case "in": self = .pixels(value * 96)
    case "cm": self = .pixels(value * 96 / 2.54)
    case "mm": self = .pixels(value * 96 / 25.4)
    case "q": self = .pixels(value * 96 / 101.6)
    case "em": self = .em(value)
    case "ex", "ch": self = .em(value / 2)
    case "rem": self = .rem(value)
    case "%": self = .percent(value)
    case "": if value == 0 { self = .pixels(0) } else { return nil }
    default: return nil
    }
  }

  var isNegative: Bool {
    switch self {
    case .pixels(let value), .em(let value), .rem(let value), .percent(let value): value < 0
    }
  }

  /// Pixels, given the font size, the root font size and what 100% is.
  func resolve(fontSize: Double, rootFontSize: Double, hundredPercent: Double) -> Double {
    switch self {
    case .pixels(let value): value
    case .em(let value): value * fontSize
    case .rem(let value): value * rootFontSize
    case .percent(let value): value / 100 * hundredPercent
    }
  }
}
