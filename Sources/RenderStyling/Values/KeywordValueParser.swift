/// Values made of keywords and colours: `color`, `background`, `display`, `text-align`,
/// `white-space`, `text-decoration`, `list-style`, `vertical-align`.
enum KeywordValueParser {
  static func color(_ tokens: [ValueToken]) throws(ValueProblem) -> DeclaredValue {
    let token = try PropertyValueParser.single(tokens)
    guard let color = ColorValueParser.parse(token) else {
      throw ValueProblem("\"\(token)\" is not a colour")
    }
    return color
  }

  /// The colour of a `background` shorthand; the other layers' parts are checked loosely
  /// and left out.
  static func backgroundColor(_ tokens: [ValueToken]) throws(ValueProblem) -> DeclaredValue {
    var color: DeclaredValue?
    for token in tokens {
      if let found = ColorValueParser.parse(token) {
        guard color == nil else { throw ValueProblem("two colours in one background") }
        color = found
        continue
      }
      switch token {
      case .identifier(let name) where backgroundKeywords.contains(name.lowercased()): continue
      case .number, .slash, .comma: continue
      case .function(let name, _)
      where name.hasSuffix("gradient") || name == "url" || name == "image-set":
        continue
      default: throw ValueProblem("\"\(token)\" is not a colour or a background keyword")
      }
    }
    return color ?? .initial
  }

  private static let backgroundKeywords: Set<String> = [
    "none", "repeat", "repeat-x", "repeat-y", "no-repeat", "space", "round", "scroll", "fixed",
    "local", "center", "top", "bottom", "left", "right", "border-box", "padding-box",
    "content-box", "text", "auto", "cover", "contain",
  ]

  static func values(name: String, tokens: [ValueToken]) throws(ValueProblem)
    -> [CSSProperty: DeclaredValue]
  {
    switch name {
    case "text-decoration", "text-decoration-line":
      return [.textDecorationLine: try decoration(tokens, shorthand: name == "text-decoration")]
    case "list-style":
      return [.listStyleType: try listStyle(tokens)]
    default:
      break
    }
    let token = try PropertyValueParser.single(tokens)
    if name == "vertical-align", case .number = token {
      // A length or percentage shift is valid CSS; styled text keeps only sub and super.
      _ = try BoxValueParser.length(token, allowsNegative: true)
      return [.verticalAlign: .verticalAlign(.baseline)]
    }
    guard let keyword = token.keyword else { throw ValueProblem("\"\(token)\" is not a keyword") }
    let value: DeclaredValue? =
      switch name {
      case "display": display(keyword).map(DeclaredValue.display)
      case "text-align": textAlign(keyword).map(DeclaredValue.textAlign)
      case "white-space": whiteSpace(keyword).map(DeclaredValue.whiteSpace)
      case "list-style-type": listStyleType(keyword).map(DeclaredValue.listStyleType)
      case "vertical-align": verticalAlign(keyword).map(DeclaredValue.verticalAlign)
      default: nil
      }
    guard let value else { throw ValueProblem("\"\(keyword)\" is not a supported \(name)") }
    return [propertyNamed(name): value]
  }

  private static func propertyNamed(_ name: String) -> CSSProperty {
    switch name {
    case "display": .display
    case "text-align": .textAlign
    case "white-space": .whiteSpace
    case "list-style-type": .listStyleType
    default: .verticalAlign
    }
  }

  private static func decoration(_ tokens: [ValueToken], shorthand: Bool) throws(ValueProblem)
    -> DeclaredValue
  {
    var underline = false
    var strikethrough = false
    var sawNone = false
    for token in tokens {
      switch token.keyword {
      case "none": sawNone = true
      case "underline": underline = true
      case "line-through": strikethrough = true
      case "overline", "blink": continue
      case let keyword? where shorthand && decorationStyles.contains(keyword): continue
      default:
        // The shorthand also takes a colour and a thickness, which styled text does not use.
        if shorthand, ColorValueParser.parse(token) != nil { continue }
        if shorthand, case .number = token { continue }
        throw ValueProblem("\"\(token)\" is not a text decoration")
      }
    }
    if sawNone && (underline || strikethrough) {
      throw ValueProblem("\"none\" cannot be combined with other lines")
    }
    return .decoration(underline: underline, strikethrough: strikethrough)
  }

  private static let decorationStyles: Set<String> = [
    "solid", "double", "dotted", "dashed", "wavy", "auto", "from-font",
  ]

  private static func listStyle(_ tokens: [ValueToken]) throws(ValueProblem) -> DeclaredValue {
    var type: ComputedStyle.ListStyleType?
    var noneCount = 0
    for token in tokens {
      switch token.keyword {
      case "none": noneCount += 1
      case "inside", "outside": continue
      case let keyword?:
        guard let found = listStyleType(keyword), type == nil else {
          throw ValueProblem("\"\(keyword)\" is not a supported list-style")
        }
        type = found
      default:
        guard case .function(let name, _) = token, name == "url" else {
          throw ValueProblem("\"\(token)\" is not a supported list-style")
        }
      }
    }
    // `none` may stand for the image, the type, or both.
    return .listStyleType(type ?? (noneCount > 0 ? .none : .disc))
  }

  private static func display(_ keyword: String) -> ComputedStyle.Display? {
    switch keyword {
    case "block", "flex", "grid", "flow-root", "table-row-group", "table-header-group",
      "table-footer-group", "table-caption", "flow":
      .block
    case "inline", "inline-block", "inline-flex", "inline-grid", "contents", "ruby": .inline
    case "list-item": .listItem
    case "none", "table-column", "table-column-group": ComputedStyle.Display.none
    case "table", "inline-table": .table
    case "table-row": .tableRow
    case "table-cell": .tableCell
    default: nil
    }
  }

  private static func textAlign(_ keyword: String) -> ComputedStyle.TextAlignment? {
    switch keyword {
    case "start": .start
    case "left": .left
    case "right", "end": .right
    case "center": .center
    case "justify": .justify
    default: nil
    }
  }

  private static func whiteSpace(_ keyword: String) -> ComputedStyle.WhiteSpace? {
    keyword == "break-spaces" ? .preWrap : ComputedStyle.WhiteSpace(rawValue: keyword)
  }

  private static func listStyleType(_ keyword: String) -> ComputedStyle.ListStyleType? {
    switch keyword {
    case "lower-latin": .lowerAlpha
    case "upper-latin": .upperAlpha
    case "decimal-leading-zero": .decimal
    default: ComputedStyle.ListStyleType(rawValue: keyword)
    }
  }

  private static func verticalAlign(_ keyword: String) -> ComputedStyle.VerticalAlign? {
    switch keyword {
    case "sub": .sub
    case "super": .super
    // Valid alignments that styled text does not distinguish from the baseline.
    case "baseline", "top", "middle", "bottom", "text-top", "text-bottom": .baseline
    default: nil
    }
  }
}
