/// Parses a declaration's value for the property it names, expanding shorthands into
/// longhands and rejecting values CSS would reject.
enum PropertyValueParser {
  /// Parses `name: value` (name lower-cased, value without `!important`).
  static func parse(name: String, value: String) -> ParsedDeclaration {
    if name.hasPrefix("--") {
      return .custom(name: name, text: VariableSubstitution.trimmed(value))
    }
    // Vendor-prefixed properties are valid CSS the cascade does not compute.
    if name.hasPrefix("-") { return .ignored }
    let tokens: [ValueToken]
    do {
      tokens = try ValueTokenizer.tokenize(value)
    } catch {
      return .invalid(error.message)
    }
    guard !tokens.isEmpty else { return .invalid("the value is empty") }
    guard let properties = longhands(of: name) else {
      return CSSPropertyNames.known.contains(name) ? .ignored : .invalid("unknown property")
    }
    if VariableSubstitution.containsReference(value) {
      return .values(
        Dictionary(
          uniqueKeysWithValues: properties.map { ($0, .unresolved(name: name, text: value)) })
      )
    }
    if tokens.count == 1, let keyword = tokens[0].keyword,
      let global = globalKeyword(keyword)
    {
      return .values(Dictionary(uniqueKeysWithValues: properties.map { ($0, global) }))
    }
    if let function = tokens.lazy.compactMap(unsupportedFunction).first {
      return .invalid("\(function)() is not supported")
    }
    do throws(ValueProblem) {
      return .values(try values(name: name, tokens: tokens))
    } catch {
      return .invalid(error.message)
    }
  }

  /// The longhands a property sets, or nil when the cascade does not compute it.
  private static func longhands(of name: String) -> [CSSProperty]? {
    switch name {
    case "color": [.color]
    case "background", "background-color": [.backgroundColor]
    case "font": [.fontStyle, .fontWeight, .fontSize, .lineHeight, .fontFamily]
    case "font-family": [.fontFamily]
    case "font-size": [.fontSize]
    case "font-weight": [.fontWeight]
    case "font-style": [.fontStyle]
    case "text-decoration", "text-decoration-line": [.textDecorationLine]
    case "text-align": [.textAlign]
    case "white-space": [.whiteSpace]
    case "display": [.display]
    case "margin": CSSProperty.margins
    case "margin-top": [.marginTop]
    case "margin-right": [.marginRight]
    case "margin-bottom": [.marginBottom]
    case "margin-left": [.marginLeft]
    case "padding": CSSProperty.paddings
    case "padding-top": [.paddingTop]
    case "padding-right": [.paddingRight]
    case "padding-bottom": [.paddingBottom]
    case "padding-left": [.paddingLeft]
    case "list-style", "list-style-type": [.listStyleType]
    case "line-height": [.lineHeight]
    case "vertical-align": [.verticalAlign]
    default: nil
    }
  }

  private static func globalKeyword(_ keyword: String) -> DeclaredValue? {
    switch keyword {
    case "inherit": .inherit
    case "initial": .initial
    case "unset", "revert", "revert-layer": .unset
    default: nil
    }
  }

  private static func unsupportedFunction(_ token: ValueToken) -> String? {
    guard case .function(let name, _) = token else { return nil }
    return ["var", "calc", "env", "attr", "min", "max", "clamp"].contains(name) ? name : nil
  }

  private static func values(name: String, tokens: [ValueToken]) throws(ValueProblem)
    -> [CSSProperty: DeclaredValue]
  {
    switch name {
    case "color":
      return [.color: try KeywordValueParser.color(tokens)]
    case "background-color":
      return [.backgroundColor: try KeywordValueParser.color(tokens)]
    case "background":
      return [.backgroundColor: try KeywordValueParser.backgroundColor(tokens)]
    case "font":
      return try FontValueParser.font(tokens)
    case "font-family":
      return [.fontFamily: try FontValueParser.family(tokens[...])]
    case "font-size":
      return [.fontSize: try FontValueParser.size(single(tokens))]
    case "font-weight":
      return [.fontWeight: try FontValueParser.weight(single(tokens))]
    case "font-style":
      return [.fontStyle: try FontValueParser.style(single(tokens))]
    case "line-height":
      return [.lineHeight: try FontValueParser.lineHeight(single(tokens))]
    case "margin", "padding":
      return try BoxValueParser.edges(tokens, properties: longhands(of: name) ?? [], name: name)
    case "margin-top", "margin-right", "margin-bottom", "margin-left", "padding-top",
      "padding-right", "padding-bottom", "padding-left":
      let property = longhands(of: name)![0]
      return [
        property: try BoxValueParser.length(
          single(tokens), allowsNegative: name.hasPrefix("margin"))
      ]
    default:
      return try KeywordValueParser.values(name: name, tokens: tokens)
    }
  }

  static func single(_ tokens: [ValueToken]) throws(ValueProblem) -> ValueToken {
    guard tokens.count == 1 else { throw ValueProblem("expected one value, found \(tokens.count)") }
    return tokens[0]
  }
}
