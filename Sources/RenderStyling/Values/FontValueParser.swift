/// Font values: `font`, `font-family`, `font-size`, `font-weight`, `font-style`, `line-height`.
enum FontValueParser {
  /// Font-size keywords in pixels (CSS Fonts 4's table for a 16 px medium).
  static let sizeKeywords: [String: Double] = [
    "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
    "xx-large": 32, "xxx-large": 48,
  ]

  /// How much `larger` scales the parent's size (and `smaller` divides it).
  static let relativeSizeStep = 1.2

  static func size(_ token: ValueToken) throws(ValueProblem) -> DeclaredValue {
    if let keyword = token.keyword {
      if let pixels = sizeKeywords[keyword] { return .fontSizeKeyword(pixels) }
      if keyword == "larger" { return .fontSizeFactor(relativeSizeStep) }
      if keyword == "smaller" { return .fontSizeFactor(1 / relativeSizeStep) }
      throw ValueProblem("\"\(keyword)\" is not a font size")
    }
    return .length(try BoxValueParser.length(token, allowsNegative: false).checkedLength)
  }

  static func weight(_ token: ValueToken) throws(ValueProblem) -> DeclaredValue {
    switch token {
    case .number(let value, let unit) where unit.isEmpty:
      guard value >= 1, value <= 1000 else {
        throw ValueProblem("font weight \(token) is outside 1–1000")
      }
      return .fontWeight(Int(value.rounded()))
    case .identifier(let name):
      switch name.lowercased() {
      case "normal": return .fontWeight(400)
      case "bold": return .fontWeight(700)
      case "bolder": return .bolder
      case "lighter": return .lighter
      default: break
      }
    default: break
    }
    throw ValueProblem("\"\(token)\" is not a font weight")
  }

  static func style(_ token: ValueToken) throws(ValueProblem) -> DeclaredValue {
    switch token.keyword {
    case "normal": return .italic(false)
    case "italic", "oblique": return .italic(true)
    default: throw ValueProblem("\"\(token)\" is not a font style")
    }
  }

  static func lineHeight(_ token: ValueToken) throws(ValueProblem) -> DeclaredValue {
    if token.keyword == "normal" { return .normal }
    if case .number(let value, let unit) = token, unit.isEmpty {
      guard value >= 0, value <= CSSLength.maximumMagnitude else {
        throw ValueProblem("line height \(token) is negative or out of range")
      }
      return .number(value)
    }
    return .length(try BoxValueParser.length(token, allowsNegative: false).checkedLength)
  }

  /// A comma-separated family list; `monospace` tells whether the first family this parser
  /// knows is a fixed-width one.
  static func family(_ tokens: ArraySlice<ValueToken>) throws(ValueProblem) -> DeclaredValue {
    var families: [String] = []
    for part in tokens.split(separator: .comma, omittingEmptySubsequences: false) {
      if part.count == 1, case .string(let name) = part[part.startIndex] {
        families.append(name)
        continue
      }
      var words: [String] = []
      for token in part {
        guard case .identifier(let word) = token else {
          throw ValueProblem("\"\(token)\" is not a font family name")
        }
        words.append(word)
      }
      guard !words.isEmpty else { throw ValueProblem("empty font family in the list") }
      let name = words.joined(separator: " ")
      families.append(genericFamilies.contains(name.lowercased()) ? name.lowercased() : name)
    }
    let monospace = families.lazy.compactMap { name -> Bool? in
      let key = name.lowercased()
      if monospaceFamilies.contains(key) { return true }
      if proportionalFamilies.contains(key) { return false }
      return nil
    }.first
    return .fontFamily(families, monospace: monospace ?? false)
  }

  /// The `font` shorthand: `[style || variant || weight || stretch]? size[/line-height] family`.
  static func font(_ tokens: [ValueToken]) throws(ValueProblem) -> [CSSProperty: DeclaredValue] {
    if tokens.count == 1, let keyword = tokens[0].keyword, systemFonts.contains(keyword) {
      throw ValueProblem("system font \"\(keyword)\" is not supported")
    }
    var result: [CSSProperty: DeclaredValue] = [
      .fontStyle: .italic(false), .fontWeight: .fontWeight(400), .lineHeight: .normal,
    ]
    var index = 0
    var prefixCount = 0
    while index < tokens.count, prefixCount < 4 {
      let token = tokens[index]
      if let keyword = token.keyword,
        keyword == "normal" || fontVariantsAndStretches.contains(keyword)
      {
      } else if let style = try? style(token) {
        result[.fontStyle] = style
      } else if token.keyword != nil || isUnitless(token), let weight = try? weight(token) {
        result[.fontWeight] = weight
      } else {
        break
      }
      index += 1
      prefixCount += 1
    }
    guard index < tokens.count else { throw ValueProblem("font shorthand without a size") }
    result[.fontSize] = try size(tokens[index])
    index += 1
    if index < tokens.count, tokens[index] == .slash {
      guard index + 1 < tokens.count else { throw ValueProblem("no line height after \"/\"") }
      result[.lineHeight] = try lineHeight(tokens[index + 1])
      index += 2
    }
    guard index < tokens.count else { throw ValueProblem("font shorthand without a family") }
    result[.fontFamily] = try family(tokens[index...])
    return result
  }

  private static func isUnitless(_ token: ValueToken) -> Bool {
    if case .number(_, let unit) = token { return unit.isEmpty }
    return false
  }

  private static let systemFonts: Set<String> = [
    "caption", "icon", "menu", "message-box", "small-caption", "status-bar",
  ]

  private static let fontVariantsAndStretches: Set<String> = [
    "small-caps", "ultra-condensed", "extra-condensed", "condensed", "semi-condensed",
    "semi-expanded", "expanded", "extra-expanded", "ultra-expanded",
  ]

  private static let genericFamilies: Set<String> = [
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
    "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
  ]

  /// Families known to be fixed-width: generic names and common code fonts.
  static let monospaceFamilies: Set<String> = [
    "monospace", "ui-monospace", "menlo", "monaco", "consolas", "courier", "courier new",
    "dejavu sans mono", "sfmono-regular", "sf mono", "liberation mono", "lucida console",
    "source code pro", "fira code", "fira mono", "jetbrains mono", "cascadia code",
    "cascadia mono", "roboto mono", "ubuntu mono", "noto sans mono", "andale mono",
    "inconsolata", "hack", "ibm plex mono",
  ]

  /// Families known to be proportional: generic names and common text fonts.
  static let proportionalFamilies: Set<String> = [
    "serif", "sans-serif", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
    "ui-rounded", "-apple-system", "blinkmacsystemfont", "segoe ui", "helvetica",
    "helvetica neue", "arial", "georgia", "times", "times new roman", "roboto", "noto sans",
    "noto serif", "dejavu sans", "dejavu serif", "liberation sans", "liberation serif",
    "ubuntu", "cantarell", "verdana", "tahoma", "palatino", "charter", "iowan old style",
    "apple color emoji", "segoe ui emoji", "noto color emoji", "emoji", "math",
  ]
}
