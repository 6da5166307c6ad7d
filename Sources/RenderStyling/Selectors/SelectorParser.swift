/// Parses a selector list (a rule's prelude) into selectors.
///
/// Supported: type, `*`, `.class`, `#id`, `[attr]`, `[attr=value]`, descendant, child `>`,
/// adjacent `+` and general sibling `~` combinators, `,` grouping, `:first-child`,
/// `:last-child`, `:only-child`, `:nth-child()` and its `last`/`of-type` relatives, `:link`, `:root`,
/// `:not()` of compound selectors; `:hover`, `:focus`, `:visited`… are valid but mark the
/// selector as never matching. Anything else rejects the whole list, as CSS requires for a rule
/// with one invalid selector.
struct SelectorParser {
  private let bytes: [UInt8]
  private var index: Int
  private let end: Int
  /// Inside `:not(…)`: no combinators and no `:not` of its own (so parsing never nests deeper).
  private let isNegation: Bool

  private init(bytes: [UInt8], range: Range<Int>, isNegation: Bool = false) {
    self.bytes = bytes
    index = range.lowerBound
    end = range.upperBound
    self.isNegation = isNegation
  }

  /// The selectors of `bytes[range]`.
  static func parse(_ bytes: [UInt8], _ range: Range<Int>) throws(SelectorProblem) -> [Selector] {
    var parser = SelectorParser(bytes: bytes, range: range)
    return try parser.parseList()
  }

  private mutating func parseList() throws(SelectorProblem) -> [Selector] {
    var selectors: [Selector] = []
    while true {
      skipWhitespace()
      selectors.append(try parseSelector())
      guard index < end else { return selectors }
      index += 1  // the comma that ended the selector
    }
  }

  private mutating func parseSelector() throws(SelectorProblem) -> Selector {
    var compounds: [CompoundSelector] = []
    var combinators: [Selector.Combinator] = []
    while true {
      guard let compound = try parseCompound() else {
        let what = index < end ? "\"\(Character(Unicode.Scalar(bytes[index])))\"" : "nothing"
        let isEmpty = compounds.isEmpty && (index == end || bytes[index] == UInt8(ascii: ","))
        let message = isEmpty ? "empty selector" : "expected a selector but found \(what)"
        throw SelectorProblem(offset: index, message: message)
      }
      compounds.append(compound)
      let sawSpace = skipWhitespace()
      guard index < end, bytes[index] != UInt8(ascii: ",") else {
        return Selector(compounds: compounds, combinators: combinators)
      }
      switch bytes[index] {
      case UInt8(ascii: ">"):
        index += 1
        skipWhitespace()
        combinators.append(.child)
      case UInt8(ascii: "+"), UInt8(ascii: "~"):
        combinators.append(bytes[index] == UInt8(ascii: "+") ? .adjacent : .sibling)
        index += 1
        skipWhitespace()
      default:
        guard sawSpace else {
          throw SelectorProblem(
            offset: index,
            message: "unexpected \"\(Character(Unicode.Scalar(bytes[index])))\" in selector")
        }
        combinators.append(.descendant)
      }
    }
  }

  /// A compound selector, or nil when none starts here.
  private mutating func parseCompound() throws(SelectorProblem) -> CompoundSelector? {
    var compound = CompoundSelector()
    var isEmpty = true
    if index < end, bytes[index] == UInt8(ascii: "*") {
      index += 1
      isEmpty = false
    } else if let name = CSSSyntax.readIdentifier(bytes, at: &index, end: end) {
      compound.tag = name.lowercased()
      isEmpty = false
    }
    if index < end, bytes[index] == UInt8(ascii: "|") {
      throw SelectorProblem(offset: index, message: "namespace selectors are not supported")
    }
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: "."):
        compound.classes.append(try name(after: "."))
      case UInt8(ascii: "#"):
        let id = try name(after: "#")
        // `#a#b` is valid CSS that no element matches: an id no document can hold stands for it.
        compound.id = compound.id == nil || compound.id == id ? id : "\u{0}"
      case UInt8(ascii: "["):
        compound.attributes.append(try parseAttribute())
      case UInt8(ascii: ":"):
        try parsePseudoClass(into: &compound)
      default:
        return isEmpty ? nil : compound
      }
      isEmpty = false
    }
    return isEmpty ? nil : compound
  }

  private mutating func name(after symbol: String) throws(SelectorProblem) -> String {
    let start = index
    index += 1
    guard let name = CSSSyntax.readIdentifier(bytes, at: &index, end: end) else {
      throw SelectorProblem(offset: start, message: "\"\(symbol)\" must be followed by a name")
    }
    return name
  }

  private mutating func parseAttribute() throws(SelectorProblem)
    -> CompoundSelector.AttributeCondition
  {
    let start = index
    index += 1
    skipWhitespace()
    guard let name = CSSSyntax.readIdentifier(bytes, at: &index, end: end) else {
      throw SelectorProblem(offset: start, message: "attribute selector without a name")
    }
    skipWhitespace()
    guard index < end else {
      throw SelectorProblem(offset: start, message: "attribute selector not closed with \"]\"")
    }
    if bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .init(name: name.lowercased(), value: nil)
    }
    guard bytes[index] == UInt8(ascii: "=") else {
      throw SelectorProblem(
        offset: index,
        message: "only [attr] and [attr=value] attribute selectors are supported")
    }
    index += 1
    skipWhitespace()
    let value = try attributeValue(start: start)
    skipWhitespace()
    guard index < end, bytes[index] == UInt8(ascii: "]") else {
      throw SelectorProblem(
        offset: index < end ? index : start,
        message: "attribute selector not closed with \"]\" (case flags are not supported)")
    }
    index += 1
    return .init(name: name.lowercased(), value: value)
  }

  private mutating func attributeValue(start: Int) throws(SelectorProblem) -> String {
    if let identifier = CSSSyntax.readIdentifier(bytes, at: &index, end: end) {
      return identifier
    }
    guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    else {
      throw SelectorProblem(offset: start, message: "attribute value must be a name or a string")
    }
    guard let value = CSSSyntax.readString(bytes, at: &index, end: end) else {
      throw SelectorProblem(offset: start, message: "unterminated string in attribute selector")
    }
    return value
  }

  private mutating func parsePseudoClass(into compound: inout CompoundSelector)
    throws(SelectorProblem)
  {
    let start = index
    index += 1
    if index < end, bytes[index] == UInt8(ascii: ":") {
      index += 1
      let name = CSSSyntax.readIdentifier(bytes, at: &index, end: end) ?? ""
      throw SelectorProblem(offset: start, message: "pseudo-element \"::\(name)\" is not supported")
    }
    guard let name = CSSSyntax.readIdentifier(bytes, at: &index, end: end) else {
      throw SelectorProblem(offset: start, message: "\":\" must be followed by a pseudo-class name")
    }
    let lowered = name.lowercased()
    if Self.interactivePseudoClasses.contains(lowered) {
      compound.staticallyUnmatched = compound.staticallyUnmatched ?? ":" + lowered
      return
    }
    switch lowered {
    case "first-child": compound.firstChild = true
    case "last-child": compound.lastChild = true
    case "only-child":
      compound.firstChild = true
      compound.lastChild = true
    case "first-of-type": compound.positions.append(.init(counting: .ofType, step: 0, offset: 1))
    case "last-of-type":
      compound.positions.append(.init(counting: .lastOfType, step: 0, offset: 1))
    case "only-of-type":
      compound.positions.append(.init(counting: .ofType, step: 0, offset: 1))
      compound.positions.append(.init(counting: .lastOfType, step: 0, offset: 1))
    case "link", "any-link": compound.link = true
    case "root": compound.root = true
    default:
      guard index < end, bytes[index] == UInt8(ascii: "(") else {
        throw SelectorProblem(offset: start, message: "pseudo-class \":\(name)\" is not supported")
      }
      try parseFunctionalPseudoClass(lowered, start: start, into: &compound)
    }
  }

  /// `:not(…)` and `:nth-*(…)`, with `index` at the `(`.
  private mutating func parseFunctionalPseudoClass(
    _ name: String, start: Int, into compound: inout CompoundSelector
  ) throws(SelectorProblem) {
    let open = index
    guard let close = closingParenthesis(after: open) else {
      throw SelectorProblem(offset: start, message: "\":\(name)(\" is not closed with \")\"")
    }
    index = close + 1
    let argument = (open + 1)..<close
    let counting: PositionCondition.Counting
    switch name {
    case "not":
      guard !isNegation else {
        throw SelectorProblem(offset: start, message: ":not() inside :not() is not supported")
      }
      var inner = SelectorParser(bytes: bytes, range: argument, isNegation: true)
      for selector in try inner.parseList() {
        guard selector.compounds.count == 1 else {
          throw SelectorProblem(
            offset: start, message: ":not() with combinators inside is not supported")
        }
        // `:not(:hover)` holds for every element: styled text never hovers.
        if selector.compounds[0].staticallyUnmatched == nil {
          compound.negations.append(selector.compounds[0])
        }
      }
      return
    case "nth-child": counting = .child
    case "nth-last-child": counting = .lastChild
    case "nth-of-type": counting = .ofType
    case "nth-last-of-type": counting = .lastOfType
    default:
      throw SelectorProblem(offset: start, message: "pseudo-class \":\(name)()\" is not supported")
    }
    let text = String(decoding: bytes[argument], as: UTF8.self)
    guard let condition = PositionCondition.parse(text, counting: counting) else {
      throw SelectorProblem(
        offset: start,
        message: "\":\(name)(\(text))\" is not An+B (\"of S\" is not supported)")
    }
    compound.positions.append(condition)
  }

  /// The `)` that closes the `(` at `open`, skipping strings; nil when there is none.
  private func closingParenthesis(after open: Int) -> Int? {
    var cursor = open + 1
    var depth = 0
    while cursor < end {
      switch bytes[cursor] {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        var stringEnd = cursor
        guard CSSSyntax.readString(bytes, at: &stringEnd, end: end) != nil else { return nil }
        cursor = stringEnd
        continue
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"):
        if depth == 0 { return cursor }
        depth -= 1
      default: break
      }
      cursor += 1
    }
    return nil
  }

  /// Pseudo-classes valid in CSS that depend on a pointer, focus, history or the URL fragment,
  /// none of which styled text has.
  private static let interactivePseudoClasses: Set<String> = [
    "hover", "active", "focus", "focus-visible", "focus-within", "visited", "target",
    "target-within",
  ]

  /// Skips whitespace and comments; returns whether there was any.
  @discardableResult
  private mutating func skipWhitespace() -> Bool {
    let start = index
    while index < end {
      if CSSSyntax.isWhitespace(bytes[index]) {
        index += 1
      } else if CSSSyntax.startsComment(bytes, at: index, end: end) {
        _ = CSSSyntax.skipComment(bytes, at: &index, end: end)
      } else {
        break
      }
    }
    return index > start
  }
}
