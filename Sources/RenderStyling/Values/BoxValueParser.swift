/// Lengths for margins, paddings and font sizes, and the 1–4 value `margin`/`padding`
/// shorthands.
enum BoxValueParser {
  /// A length token as a declared value: `auto` margins count as 0.
  static func length(_ token: ValueToken, allowsNegative: Bool) throws(ValueProblem)
    -> DeclaredValue
  {
    if allowsNegative, token.keyword == "auto" { return .length(.pixels(0)) }
    guard case .number(let value, let unit) = token else {
      throw ValueProblem("\"\(token)\" is not a length")
    }
    guard value.isFinite, abs(value) <= CSSLength.maximumMagnitude else {
      throw ValueProblem("\(token) is out of range (limit ±\(Int(CSSLength.maximumMagnitude)))")
    }
    guard let length = CSSLength(value: value, unit: unit) else {
      throw ValueProblem(
        unit.isEmpty ? "\(token) needs a unit" : "unit \"\(unit)\" is not supported")
    }
    guard allowsNegative || !length.isNegative else {
      throw ValueProblem("\(token) must not be negative")
    }
    return .length(length)
  }

  static func edges(_ tokens: [ValueToken], properties: [CSSProperty], name: String)
    throws(ValueProblem) -> [CSSProperty: DeclaredValue]
  {
    guard (1...4).contains(tokens.count) else {
      throw ValueProblem("\(name) takes 1 to 4 lengths, found \(tokens.count)")
    }
    var lengths: [DeclaredValue] = []
    for token in tokens {
      lengths.append(try length(token, allowsNegative: name == "margin"))
    }
    // top, right, bottom, left from 1–4 values, as CSS expands them.
    let sides: [Int] =
      switch lengths.count {
      case 1: [0, 0, 0, 0]
      case 2: [0, 1, 0, 1]
      case 3: [0, 1, 2, 1]
      default: [0, 1, 2, 3]
      }
    var result: [CSSProperty: DeclaredValue] = [:]
    for (property, side) in zip(properties, sides) { result[property] = lengths[side] }
    return result
  }
}
