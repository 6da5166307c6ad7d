/// Writes a `MathNode` tree as one line of Unicode for outputs without MathML (styled text,
/// the terminal, plain text): `e^{i\pi}` → `e^(iπ)`, `\frac{1}{3}` → `1/3`, `x^2` → `x²`.
///
/// Scripts use Unicode's superscript and subscript characters when every character has one
/// (digits, signs, parentheses), else `^` and `_`, with parentheses around more than one
/// character. Relations and binary operators are spaced at the top level and packed inside
/// scripts and fractions, as people type them.
enum LinearTextWriter {
  /// The linear form of `node`.
  static func text(_ node: MathNode) -> String {
    collapsingSpaces(text(node, compact: false))
  }

  private static func text(_ node: MathNode, compact: Bool) -> String {
    switch node {
    case .identifier(let text, _), .number(let text), .symbol(let text, _),
      .largeOperator(let text, _), .function(let text, _), .text(let text),
      .sizedDelimiter(let text, _), .error(let text):
      return text
    case .space(let width):
      return width.hasPrefix("-") ? "" : " "
    case .row(let items):
      return row(items, compact: compact)
    case .fraction(let numerator, let denominator):
      return grouped(numerator) + "/" + grouped(denominator)
    case .binomial(let top, let bottom):
      return "(" + text(top, compact: true) + " choose " + text(bottom, compact: true) + ")"
    case .root(let base, let index):
      let radicand = isAtomic(base) ? text(base, compact: true) : "(\(text(base, compact: true)))"
      guard let index else { return "√" + radicand }
      switch Self.text(index, compact: true) {
      case "3": return "∛" + radicand
      case "4": return "∜" + radicand
      default: return script(index, raised: true) + "√" + radicand
      }
    case .scripts(let base, let sub, let sup, _):
      var result = isAtomic(base) ? text(base, compact: compact) : "(\(text(base, compact: true)))"
      if case .row([]) = base { result = "" }
      if let sub { result += script(sub, raised: false) }
      if let sup { result += script(sup, raised: true) }
      return result
    case .accent(let base, let accent):
      let body = text(base, compact: true)
      guard !accent.combining.isEmpty else { return body }
      if body.count == 1 || !accent.stretchy { return body + accent.combining }
      return body.map { $0.isLetter || $0.isNumber ? String($0) + accent.combining : String($0) }
        .joined()
    case .stack(let base, let over, let under):
      var result = text(base, compact: compact)
      if let under { result += script(under, raised: false) }
      if let over { result += script(over, raised: true) }
      return result
    case .fenced(let open, let body, let close):
      return open + text(body, compact: compact) + close
    case .table(let rows, let environment):
      let lines = rows.map { cells in
        var line = ""
        for (index, cell) in cells.enumerated() {
          // `x, & x \ge 0` already has its comma.
          if index > 0 { line += line.hasSuffix(",") ? " " : environment.cellSeparator }
          line += text(cell, compact: compact).trimmingSpaces
        }
        return line
      }
      return environment.open + lines.joined(separator: environment.rowSeparator)
        + environment.close
    }
  }

  /// Items side by side: relations and infix binary operators spaced unless `compact`, a space
  /// after punctuation, and a space between a fraction, function or large operator and the
  /// atom beside it (`1/2 mv²`, `a sin x`), which would otherwise run together.
  private static func row(_ items: [MathNode], compact: Bool) -> String {
    var result = ""
    var previous: (item: MathNode, kind: MathClass?)?
    for item in items {
      let piece = text(item, compact: compact)
      let kind = mathClass(of: item)
      if let previous, needsSpace(previous.item, previous.kind, item, kind) { result += " " }
      switch kind {
      case .relation where !compact:
        // `:=` and kin: one relation written as two.
        if previous?.kind == .relation, result.hasSuffix(" ") {
          result += piece + " "
        } else {
          result += " " + piece + " "
        }
      case .binary where !compact:
        let prefix = previous.map {
          [.binary, .relation, .opening, .punctuation].contains($0.kind)
        }
        result += prefix ?? true ? piece : " " + piece + " "
      case .punctuation where !compact:
        result += piece + " "
      default:
        result += piece
      }
      previous = (item, kind)
    }
    return result
  }

  private static func needsSpace(
    _ left: MathNode, _ leftKind: MathClass?, _ right: MathNode, _ rightKind: MathClass?
  ) -> Bool {
    if let leftKind, leftKind != .closing { return false }
    if let rightKind, rightKind != .opening { return false }
    if takesOperand(left) {
      // `sin(x)`, `softmax(z)`: a function's parenthesised argument stays attached.
      guard isFunction(left) else { return true }
      if rightKind == .opening { return false }
      if case .fenced = right { return false }
      return true
    }
    return isWide(left) || isWide(right)
  }

  /// Atoms that run into their neighbours unless spaced.
  private static func isWide(_ node: MathNode) -> Bool {
    switch node {
    case .fraction, .binomial, .function, .largeOperator: true
    case .table(_, let environment): !environment.open.isEmpty || !environment.close.isEmpty
    case .scripts(let base, _, _, _): isWide(base)
    default: false
    }
  }

  /// The class that decides spacing; nil for ordinary atoms (letters, numbers, groups).
  private static func mathClass(of node: MathNode) -> MathClass? {
    switch node {
    case .symbol(_, let kind): kind
    case .sizedDelimiter(let text, _):
      "([{⟨⌊⌈".contains(text) ? .opening : ")]}⟩⌋⌉".contains(text) ? .closing : .fence
    case .stack(let base, _, _): mathClass(of: base)
    default: nil
    }
  }

  private static func isFunction(_ node: MathNode) -> Bool {
    switch node {
    case .function: true
    case .scripts(let base, _, _, _): isFunction(base)
    default: false
    }
  }

  private static func takesOperand(_ node: MathNode) -> Bool {
    switch node {
    case .function, .largeOperator: true
    case .scripts(let base, _, _, _): takesOperand(base)
    default: false
    }
  }

  /// Whether `node` reads as one unit after `^`, `√` or `/` without parentheses.
  private static func isAtomic(_ node: MathNode) -> Bool {
    switch node {
    case .identifier, .number, .symbol, .largeOperator, .function, .fenced, .root, .text,
      .error, .sizedDelimiter:
      return true
    case .scripts(let base, _, _, _), .accent(let base, _):
      return isAtomic(base)
    case .row(let items):
      return items.isEmpty || (items.count == 1 && isAtomic(items[0]))
    case .table(_, let environment):
      return !environment.open.isEmpty
    default:
      return false
    }
  }

  /// A fraction's part: in parentheses when it holds an operator outside any parentheses of
  /// its own (`(a+b)/2`, but `n(n+1)/2`), bare when it is letters and numbers (`dy/dx`,
  /// `2π/3`).
  private static func grouped(_ node: MathNode) -> String {
    let body = text(node, compact: true)
    switch node {
    case .fraction, .binomial: return "(" + body + ")"
    case .text(let words): return words.contains(" ") ? "(" + body + ")" : body
    case .row(let items):
      var nesting = 0
      var hasOperator = false
      for item in items {
        switch item {
        case .symbol(_, .opening): nesting += 1
        case .symbol(_, .closing): nesting -= 1
        case .symbol("/", _), .fraction, .function, .largeOperator, .space:
          hasOperator = hasOperator || nesting == 0
        case .symbol(_, .binary), .symbol(_, .relation), .symbol(_, .punctuation):
          hasOperator = hasOperator || nesting == 0
        case .text(let words):
          hasOperator = hasOperator || (nesting == 0 && words.contains(" "))
        case .scripts(let base, _, _, _) where takesOperand(base):
          hasOperator = hasOperator || nesting == 0
        default: break
        }
      }
      return hasOperator ? "(" + body + ")" : body
    default: return body
    }
  }

  /// A script: Unicode's raised or lowered characters when all of it has them, else `^x` or
  /// `^(…)`; primes stay primes (`f′`).
  private static func script(_ node: MathNode, raised: Bool) -> String {
    var body = text(node, compact: true)
    var primes = ""
    if raised {
      if body == "∘" { return "°" }
      primes = String(body.prefix { $0 == "′" })
      body.removeFirst(primes.count)
      guard !body.isEmpty else { return primes }
    }
    return primes + script(body, raised: raised)
  }

  private static func script(_ body: String, raised: Bool) -> String {
    let table = raised ? superscripts : subscripts
    var mapped = ""
    for scalar in body.unicodeScalars {
      guard let character = table[scalar] else {
        let marker = raised ? "^" : "_"
        return body.count == 1 ? marker + body : marker + "(" + body + ")"
      }
      mapped.append(character)
    }
    return mapped
  }

  private static let superscripts: [Unicode.Scalar: Character] = [
    "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸",
    "9": "⁹", "+": "⁺", "-": "⁻", "−": "⁻", "=": "⁼", "(": "⁽", ")": "⁾",
  ]

  private static let subscripts: [Unicode.Scalar: Character] = [
    "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈",
    "9": "₉", "+": "₊", "-": "₋", "−": "₋", "=": "₌", "(": "₍", ")": "₎",
  ]

  private static func collapsingSpaces(_ text: String) -> String {
    var result = ""
    var lastWasSpace = true
    for character in text {
      if character == " " {
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
      } else {
        result.append(character)
        lastWasSpace = character == "\n"
      }
    }
    return result.trimmingSpaces
  }
}

extension String {
  /// Without spaces at either end.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " }),
      let last = scalars.lastIndex(where: { $0 != " " })
    else { return "" }
    return String(scalars[first...last])
  }
}
