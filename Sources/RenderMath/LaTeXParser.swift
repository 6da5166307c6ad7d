import Foundation

/// Reads LaTeX math into a `MathNode` tree.
///
/// Recursive descent over `LaTeXTokenizer`'s tokens, one pass, never backtracking, so the
/// time is linear in the source. What it cannot convert stays visible: an unknown command or
/// environment becomes an `.error` node holding its source; a fault in the structure
/// (an unbalanced brace, `\left` without `\right`, a double superscript, source beyond
/// `MathLimits`) makes the whole formula one `.error` holding all of it.
struct LaTeXParser {
  private var tokens: LaTeXTokenizer
  private var depth = 0
  /// Set when a search for the `]` of `\\[…]` reached the end: no later one can succeed,
  /// so many `\\[` cost one search, not one each.
  private var noClosingBracket = false

  /// A fault in the formula's structure, which no part of it survives.
  private struct StructureError: Error {}

  private init(_ source: String) {
    tokens = LaTeXTokenizer(source)
  }

  /// The tree for `source`; never fails, faults become `.error` nodes.
  static func parse(_ source: String) -> MathNode {
    var count = 0
    for _ in source.unicodeScalars {
      count += 1
      if count > MathLimits.maximumLength { return .error(source) }
    }
    var parser = LaTeXParser(source)
    do {
      return try parser.parseFormula()
    } catch {
      return .error(source)
    }
  }

  private mutating func parseFormula() throws -> MathNode {
    let rows = try parseRows()
    guard tokens.next().kind == .end else { throw StructureError() }
    return Self.table(rows, .lines)
  }

  /// One cell, or a table when `&` or `\\` split the content.
  private static func table(_ rows: [[MathNode]], _ environment: MathEnvironment) -> MathNode {
    if rows.count == 1, rows[0].count == 1, environment.open.isEmpty,
      environment.close.isEmpty
    {
      return rows[0][0]
    }
    return .table(rows, environment)
  }

  /// Cells separated by `&`, rows by `\\`, up to `}`, `\right`, `\end` or the end.
  private mutating func parseRows() throws -> [[MathNode]] {
    var rows: [[MathNode]] = []
    var cells: [MathNode] = []
    while true {
      cells.append(try parseList())
      let token = tokens.peek()
      if token.kind == .alignment {
        _ = tokens.next()
      } else if case .command(let name) = token.kind, case .rowBreak = MathSymbols.commands[name] {
        _ = tokens.next()
        skipOptionalArgument()
        rows.append(cells)
        cells = []
      } else {
        // A `\\` ending the last row adds no row.
        if !(cells.count == 1 && cells[0] == .row([]) && !rows.isEmpty) { rows.append(cells) }
        return rows
      }
    }
  }

  /// Atoms up to the end of the group or cell.
  private mutating func parseList() throws -> MathNode {
    // `\over` and `\rm` recurse here without a group: counted as groups are.
    depth += 1
    defer { depth -= 1 }
    guard depth <= MathLimits.maximumDepth else { throw StructureError() }
    var items: [MathNode] = []
    while true {
      let token = tokens.peek()
      switch token.kind {
      case .end, .closeBrace, .alignment:
        return Self.row(items)
      case .command(let name):
        switch MathSymbols.commands[name] {
        case .rowBreak, .right, .end:
          return Self.row(items)
        case .infixFraction(let binomial):
          _ = tokens.next()
          let denominator = try parseList()
          let numerator = Self.row(items)
          return binomial
            ? .binomial(numerator, denominator) : .fraction(numerator, denominator)
        case .fontSwitch(let variant):
          _ = tokens.next()
          let rest = try parseList()
          return Self.row(items + [Self.apply(variant, to: rest)])
        default:
          items.append(try parseAtom())
        }
      default:
        items.append(try parseAtom())
      }
    }
  }

  /// A base and its scripts.
  private mutating func parseAtom() throws -> MathNode {
    let base = try parsePrimary(argument: false)
    var sub: MathNode?
    var sup: MathNode?
    var limits = Self.takesLimits(base)
    while true {
      let token = tokens.peek()
      switch token.kind {
      case .superscript:
        _ = tokens.next()
        guard sup == nil else { throw StructureError() }
        sup = try parseArgument()
      case .subscript:
        _ = tokens.next()
        guard sub == nil else { throw StructureError() }
        sub = try parseArgument()
      case .character("'"):
        guard sup == nil else { throw StructureError() }
        var primes = ""
        while tokens.peek().kind == .character("'") {
          _ = tokens.next()
          primes += "′"
        }
        var parts: [MathNode] = [.symbol(primes, .ordinary)]
        if tokens.peek().kind == .superscript {
          _ = tokens.next()
          parts.append(try parseArgument())
        }
        sup = Self.row(parts)
      case .command(let name):
        guard case .limits(let wanted) = MathSymbols.commands[name] else { return finish() }
        _ = tokens.next()
        limits = wanted
      default:
        return finish()
      }
    }
    func finish() -> MathNode {
      guard sub != nil || sup != nil else { return base }
      return .scripts(base: base, sub: sub, sup: sup, limits: limits)
    }
  }

  /// A script or a command's argument: a group, or one token.
  private mutating func parseArgument() throws -> MathNode {
    switch tokens.peek().kind {
    case .openBrace, .character, .command: return try parsePrimary(argument: true)
    default: throw StructureError()
    }
  }

  /// One group, character or command; `argument` takes one digit, not a whole number
  /// (`\frac12` is ½).
  private mutating func parsePrimary(argument: Bool) throws -> MathNode {
    depth += 1
    defer { depth -= 1 }
    guard depth <= MathLimits.maximumDepth else { throw StructureError() }
    let token = tokens.peek()
    switch token.kind {
    case .superscript, .subscript, .character("'"):
      return .row([])
    case .openBrace:
      _ = tokens.next()
      let body = try parseList()
      guard tokens.next().kind == .closeBrace else { throw StructureError() }
      return body
    case .closeBrace, .alignment, .end:
      throw StructureError()
    case .character(let scalar):
      _ = tokens.next()
      return character(scalar, argument: argument)
    case .command(let name):
      _ = tokens.next()
      return try command(name, token: token)
    }
  }

  private mutating func character(_ scalar: Unicode.Scalar, argument: Bool) -> MathNode {
    if ("0"..."9").contains(scalar) {
      var number = String(scalar)
      guard !argument else { return .number(number) }
      while case .character(let next) = tokens.peek().kind {
        if ("0"..."9").contains(next) {
          number.unicodeScalars.append(next)
        } else if next == ".", case .character(let after) = peekSecond(),
          ("0"..."9").contains(after)
        {
          number += "."
        } else {
          break
        }
        _ = tokens.next()
      }
      return .number(number)
    }
    if let known = MathSymbols.characters[scalar] { return Self.node(for: known) }
    if scalar.properties.isAlphabetic { return .identifier(String(scalar), upright: false) }
    return .symbol(String(scalar), .ordinary)
  }

  private func peekSecond() -> LaTeXToken.Kind {
    var copy = tokens
    _ = copy.next()
    return copy.next().kind
  }

  private mutating func command(_ name: String, token: LaTeXToken) throws -> MathNode {
    guard let known = MathSymbols.commands[name] else {
      return .error(tokens.text(from: token.start, to: token.end))
    }
    switch known {
    case .identifier, .symbol, .largeOperator, .function, .space:
      return Self.node(for: known)
    case .measuredSpace:
      guard let length = tokens.rawArgument() else { throw StructureError() }
      return .space(Self.cssLength(length))
    case .accent(let accent):
      return .accent(try parseArgument(), accent)
    case .font(let variant):
      return Self.apply(variant, to: try parseArgument())
    case .fontSwitch, .ignored, .limits:
      return .row([])
    case .text:
      guard let raw = tokens.rawArgument() else { throw StructureError() }
      return .text(Self.decodeText(raw))
    case .fraction:
      let numerator = try parseArgument()
      return .fraction(numerator, try parseArgument())
    case .binomial:
      let top = try parseArgument()
      return .binomial(top, try parseArgument())
    case .root:
      let index = try parseOptionalArgument()
      return .root(try parseArgument(), index: index)
    case .left:
      let open = try parseDelimiter()
      let body = try parseList()
      guard case .command(let name) = tokens.next().kind, case .right = MathSymbols.commands[name]
      else { throw StructureError() }
      return .fenced(open: open, body: body, close: try parseDelimiter())
    case .middle:
      return .sizedDelimiter(try parseDelimiter(), size: nil)
    case .sizedDelimiter(let size):
      return .sizedDelimiter(try parseDelimiter(), size: size)
    case .begin:
      return try environment(startingAt: token)
    case .operatorName:
      let limits = tokens.consume("*")
      guard let raw = tokens.rawArgument() else { throw StructureError() }
      return .function(Self.decodeText(raw), limits: limits)
    case .stack(let over):
      let mark = try parseArgument()
      let base = try parseArgument()
      return over ? .stack(base, over: mark, under: nil) : .stack(base, over: nil, under: mark)
    case .labeledArrow(let arrow):
      let below = try parseOptionalArgument()
      let above = try parseArgument()
      return .stack(.symbol(arrow, .relation), over: above, under: below)
    case .negation:
      return Self.negate(try parsePrimary(argument: true))
    case .parenthesizedModulo:
      let modulus = try parseArgument()
      return .row([
        .space("1em"), .symbol("(", .opening), .function("mod", limits: false),
        .space("0.333em"), modulus, .symbol(")", .closing),
      ])
    case .ignoredArgument:
      guard tokens.rawArgument() != nil else { throw StructureError() }
      return .row([])
    case .lastArgument(let dropping):
      for _ in 0..<dropping {
        guard tokens.rawArgument() != nil else { throw StructureError() }
      }
      return try parseArgument()
    case .infixFraction, .right, .end, .rowBreak:
      throw StructureError()
    }
  }

  private mutating func environment(startingAt token: LaTeXToken) throws -> MathNode {
    guard let name = tokens.rawArgument() else { throw StructureError() }
    let known = MathSymbols.environments[name]
    if known?.takesColumnSpec == true {
      // `alignat{2}` takes a count, `array{cc}` a column specification: neither is shown.
      guard tokens.rawArgument() != nil else { throw StructureError() }
    }
    let rows = try parseRows()
    guard case .command(let end) = tokens.next().kind, case .end = MathSymbols.commands[end],
      tokens.rawArgument() == name
    else { throw StructureError() }
    guard let known else {
      return .error(tokens.text(from: token.start, to: tokens.position))
    }
    return Self.table(rows, known)
  }

  /// `[…]` after `\sqrt` or `\xrightarrow`, read as math up to the matching `]`.
  private mutating func parseOptionalArgument() throws -> MathNode? {
    guard tokens.consume("[") else { return nil }
    var items: [MathNode] = []
    while tokens.peek().kind != .character("]") {
      guard tokens.peek().kind != .end else { throw StructureError() }
      items.append(try parseAtom())
    }
    _ = tokens.next()
    return Self.row(items)
  }

  /// `[2pt]` after `\\`: a row's extra space, not shown.
  private mutating func skipOptionalArgument() {
    guard !noClosingBracket, tokens.isNext("[") else { return }
    var copy = tokens
    _ = copy.consume("[")
    while true {
      let token = copy.next()
      if token.kind == .character("]") {
        tokens = copy
        return
      }
      if token.kind == .end {
        noClosingBracket = true
        return
      }
    }
  }

  /// The delimiter after `\left`, `\right`, `\big`: a character or a delimiter command;
  /// `.` for none.
  private mutating func parseDelimiter() throws -> String {
    let token = tokens.next()
    switch token.kind {
    case .character("."): return ""
    case .character("<"): return "⟨"
    case .character(">"): return "⟩"
    case .character(let scalar):
      guard case .symbol(let symbol, _) = MathSymbols.characters[scalar] else {
        throw StructureError()
      }
      return symbol
    case .command(let name):
      // Delimiters, arrows (`\uparrow`) and `\backslash`; not letters or constructs.
      guard case .symbol(let symbol, _) = MathSymbols.commands[name] else {
        throw StructureError()
      }
      return symbol
    default: throw StructureError()
    }
  }

  private static func node(for command: MathCommand) -> MathNode {
    switch command {
    case .identifier(let text, let upright): .identifier(text, upright: upright)
    case .symbol(let text, let kind): .symbol(text, kind)
    case .largeOperator(let text, let limits): .largeOperator(text, limits: limits)
    case .function(let name, let limits): .function(name, limits: limits)
    case .space(let width): .space(width)
    default: .row([])
    }
  }

  /// Several atoms as one row; one atom alone; ignored commands (empty rows) dropped.
  private static func row(_ items: [MathNode]) -> MathNode {
    let shown = items.filter { $0 != .row([]) }
    return shown.count == 1 ? shown[0] : .row(shown)
  }

  private static func takesLimits(_ base: MathNode) -> Bool {
    switch base {
    case .largeOperator(_, let limits), .function(_, let limits): limits
    case .accent(_, let accent): accent.takesLimits
    default: false
    }
  }

  /// `\not` before a symbol: the struck-through form Unicode has (`\not=` → ≠), else the
  /// symbol with a combining long solidus.
  private static func negate(_ node: MathNode) -> MathNode {
    func struck(_ text: String) -> String {
      (text + "\u{338}").precomposedStringWithCanonicalMapping
    }
    switch node {
    case .symbol(let text, let kind): return .symbol(struck(text), kind)
    case .identifier(let text, let upright): return .identifier(struck(text), upright: upright)
    default: return node
    }
  }

  /// A font applied to every letter and digit inside `node`.
  static func apply(_ variant: MathVariant, to node: MathNode) -> MathNode {
    switch node {
    case .identifier(let text, _):
      return variant == .normal
        ? .identifier(text, upright: true) : .identifier(variant.apply(to: text), upright: false)
    case .number(let text):
      return .number(variant.apply(to: text))
    case .row(let items):
      let styled = items.map { apply(variant, to: $0) }
      return variant == .normal ? .row(mergingLetters(styled)) : .row(styled)
    case .fraction(let top, let bottom):
      return .fraction(apply(variant, to: top), apply(variant, to: bottom))
    case .scripts(let base, let sub, let sup, let limits):
      return .scripts(
        base: apply(variant, to: base), sub: sub.map { apply(variant, to: $0) },
        sup: sup.map { apply(variant, to: $0) }, limits: limits)
    case .accent(let base, let accent):
      return .accent(apply(variant, to: base), accent)
    default:
      return node
    }
  }

  /// Upright letters side by side as one name (`\mathrm{Var}` is one `mi`, not three).
  private static func mergingLetters(_ items: [MathNode]) -> [MathNode] {
    var merged: [MathNode] = []
    for item in items {
      if case .identifier(let text, true) = item,
        case .identifier(let previous, true)? =
          merged.last
      {
        merged[merged.count - 1] = .identifier(previous + text, upright: true)
      } else {
        merged.append(item)
      }
    }
    return merged
  }

  /// The text of `\text{…}` and `\operatorname{…}`: escaped characters unescaped, spacing
  /// commands as spaces, grouping braces dropped, `~` a no-break space.
  static func decodeText(_ raw: String) -> String {
    var decoded = String.UnicodeScalarView()
    var escaped = false
    for scalar in raw.unicodeScalars {
      if escaped {
        switch scalar {
        case ",": decoded.append("\u{2009}")
        case ":", ";", " ": decoded.append(" ")
        case "!": break
        default: decoded.append(scalar)
        }
        escaped = false
        continue
      }
      switch scalar {
      case "\\": escaped = true
      case "{", "}": break
      case "~": decoded.append("\u{A0}")
      default: decoded.append(scalar)
      }
    }
    return String(decoded)
  }

  /// `\hspace`'s argument as a CSS length: TeX's units CSS shares, math units (18 to the
  /// em) converted, anything else one em.
  static func cssLength(_ raw: String) -> String {
    let text = raw.filter { !$0.isWhitespace }
    let number = text.prefix { $0.isNumber || $0 == "." || $0 == "-" }
    let unit = text.dropFirst(number.count)
    guard let value = Double(number) else { return "1em" }
    switch unit {
    case "em", "ex", "pt", "mm", "cm", "in", "px", "pc": return "\(number)\(unit)"
    case "mu": return "\(value / 18)em"
    default: return "1em"
    }
  }
}
