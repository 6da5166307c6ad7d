/// One component of a declaration's value.
enum ValueToken: Sendable, Hashable {
  /// A name as written (keywords compare lower-cased).
  case identifier(String)
  /// A number with its lower-cased unit: `""` for none, `"%"` for a percentage.
  case number(Double, unit: String)
  /// `#` followed by a name, without the `#`.
  case hash(String)
  /// A quoted string's content.
  case string(String)
  /// A function: lower-cased name and the raw text between its parentheses.
  case function(name: String, arguments: String)
  /// `,`.
  case comma
  /// `/`.
  case slash
  /// Any other character.
  case delimiter(Character)

  /// The lower-cased keyword, when the token is a name.
  var keyword: String? {
    if case .identifier(let name) = self { return name.lowercased() }
    return nil
  }
}

extension ValueToken: CustomStringConvertible {
  /// The token written back as CSS, for diagnostics.
  var description: String {
    switch self {
    case .identifier(let name): name
    case .number(let value, let unit):
      (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) + unit
    case .hash(let name): "#" + name
    case .string(let text): "\"" + text + "\""
    case .function(let name, let arguments): name + "(" + arguments + ")"
    case .comma: ","
    case .slash: "/"
    case .delimiter(let character): String(character)
    }
  }
}
