/// Reads CSS colours: names, `transparent`, `currentcolor`, `#rgb`, `#rgba`, `#rrggbb`,
/// `#rrggbbaa`, `rgb()`/`rgba()` and `hsl()`/`hsla()` in comma and space syntax.
enum ColorValueParser {
  /// The colour `token` stands for (``DeclaredValue/color(_:)`` or ``DeclaredValue/currentColor``),
  /// or nil when it is not a valid colour.
  static func parse(_ token: ValueToken) -> DeclaredValue? {
    switch token {
    case .identifier(let name):
      let keyword = name.lowercased()
      if keyword == "currentcolor" { return .currentColor }
      if keyword == "transparent" { return .color(CSSColor(red: 0, green: 0, blue: 0, alpha: 0)) }
      guard let value = CSSNamedColors.table[keyword] else { return nil }
      return .color(
        CSSColor(
          red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)
        )
      )
    case .hash(let digits):
      return hexColor(digits).map(DeclaredValue.color)
    case .function(let name, let arguments):
      return functionColor(name: name, arguments: arguments).map(DeclaredValue.color)
    default:
      return nil
    }
  }

  private static func hexColor(_ digits: String) -> CSSColor? {
    let bytes = Array(digits.utf8)
    guard bytes.allSatisfy(CSSSyntax.isHexDigit) else { return nil }
    let values = bytes.map(CSSSyntax.hexValue)
    switch values.count {
    case 3, 4:
      let channels = values.map { $0 * 17 }
      let alpha = values.count == 4 ? Double(channels[3]) / 255 : 1
      return CSSColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    case 6, 8:
      let channels = stride(from: 0, to: values.count, by: 2).map {
        values[$0] * 16 + values[$0 + 1]
      }
      let alpha = values.count == 8 ? Double(channels[3]) / 255 : 1
      return CSSColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    default:
      return nil
    }
  }

  private static func functionColor(name: String, arguments: String) -> CSSColor? {
    guard ["rgb", "rgba", "hsl", "hsla"].contains(name),
      let tokens = try? ValueTokenizer.tokenize(arguments),
      let (channels, alphaToken) = splitArguments(tokens)
    else { return nil }
    var alpha = 1.0
    if let alphaToken {
      guard case .number(let value, let unit) = alphaToken, unit == "" || unit == "%" else {
        return nil
      }
      alpha = clamp(unit == "%" ? value / 100 : value, 0, 1)
    }
    return name.hasPrefix("rgb") ? rgb(channels, alpha: alpha) : hsl(channels, alpha: alpha)
  }

  /// The three channel tokens and the optional alpha, from either `a, b, c[, d]` or
  /// `a b c[ / d]`.
  private static func splitArguments(_ tokens: [ValueToken]) -> ([ValueToken], ValueToken?)? {
    if tokens.contains(.comma) {
      let parts = tokens.split(separator: .comma, omittingEmptySubsequences: false)
      guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ $0.count == 1 }) else {
        return nil
      }
      return (parts.prefix(3).map { $0[$0.startIndex] }, parts.count == 4 ? parts[3].first : nil)
    }
    if tokens.count == 3 { return (tokens, nil) }
    guard tokens.count == 5, tokens[3] == .slash else { return nil }
    return (Array(tokens.prefix(3)), tokens[4])
  }

  private static func rgb(_ channels: [ValueToken], alpha: Double) -> CSSColor? {
    var bytes: [UInt8] = []
    for channel in channels {
      guard case .number(let value, let unit) = channel, unit == "" || unit == "%", value.isFinite
      else { return nil }
      let scaled = unit == "%" ? value * 255 / 100 : value
      bytes.append(UInt8(clamp(scaled, 0, 255).rounded()))
    }
    return CSSColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: alpha)
  }

  private static func hsl(_ channels: [ValueToken], alpha: Double) -> CSSColor? {
    guard case .number(let hueValue, let hueUnit) = channels[0],
      let hue = degrees(hueValue, unit: hueUnit),
      case .number(let saturationValue, let saturationUnit) = channels[1],
      case .number(let lightnessValue, let lightnessUnit) = channels[2],
      saturationUnit == "%" || saturationUnit == "", lightnessUnit == "%" || lightnessUnit == ""
    else { return nil }
    let saturation = clamp(saturationValue / 100, 0, 1)
    let lightness = clamp(lightnessValue / 100, 0, 1)
    let normalizedHue = (hue.truncatingRemainder(dividingBy: 360) + 360)
      .truncatingRemainder(dividingBy: 360)
    // CSS Color 4's hslToRgb.
    func channel(_ offset: Double) -> UInt8 {
      let k = (offset + normalizedHue / 30).truncatingRemainder(dividingBy: 12)
      let amount = saturation * min(lightness, 1 - lightness)
      let value = lightness - amount * max(-1, min(k - 3, 9 - k, 1))
      return UInt8(clamp(value * 255, 0, 255).rounded())
    }
    return CSSColor(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
  }

  private static func degrees(_ value: Double, unit: String) -> Double? {
    guard value.isFinite else { return nil }
    switch unit {
    case "", "deg": return value
    case "turn": return value * 360
    case "rad": return value * 180 / .pi
    case "grad": return value * 0.9
    default: return nil
    }
  }

  private static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
    value.isNaN ? lower : min(max(value, lower), upper)
  }
}
