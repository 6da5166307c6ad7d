import RenderCore

/// Writes a `MathNode` tree as MathML Core, the subset Chromium, Firefox and Safari render
/// with no script: `mi`, `mn`, `mo`, `mtext`, `mspace`, `mrow`, `mfrac`, `msqrt`, `mroot`,
/// the script elements, `mtable` and `merror`. Text goes through the package's one escaper.
struct MathMLWriter {
  private var output = ""

  /// `node` as a `math` element, `display="block"` for display math.
  static func math(_ node: MathNode, display: Bool) -> String {
    var writer = MathMLWriter()
    writer.output += display ? "<math display=\"block\">" : "<math>"
    // `math` lays its children out as a row: no `mrow` of its own needed.
    if case .row(let items) = node {
      writer.writeItems(items)
    } else {
      writer.write(node)
    }
    writer.output += "</math>"
    return writer.output
  }

  private mutating func element(_ name: String, _ attributes: String = "", text: String) {
    output += "<\(name)\(attributes)>"
    HTMLEscaping.append(text, for: .text, to: &output)
    output += "</\(name)>"
  }

  private mutating func operatorElement(_ text: String, _ attributes: String = "") {
    element("mo", attributes, text: text)
  }

  /// One element: a row of several nodes is wrapped in `mrow`, as `mfrac` and the script
  /// elements need exactly one element per argument.
  private mutating func write(_ node: MathNode) {
    switch node {
    case .identifier(let text, let upright):
      // A one-letter `mi` is italic by default; longer names already are upright.
      let normal = upright && text.unicodeScalars.count == 1
      element("mi", normal ? " mathvariant=\"normal\"" : "", text: text)
    case .number(let text):
      element("mn", text: text)
    case .symbol(let text, let kind):
      // Plain delimiters keep their size; the operator dictionary would stretch them.
      let fixed = kind == .opening || kind == .closing || kind == .fence
      operatorElement(text, fixed ? " stretchy=\"false\"" : "")
    case .largeOperator(let text, _):
      operatorElement(text)
    case .function(let name, let limits):
      if limits {
        operatorElement(name, " movablelimits=\"true\"")
      } else {
        element("mi", text: name)
      }
    case .text(let text):
      element("mtext", text: Self.keepingEdgeSpaces(text))
    case .space(let width):
      output += "<mspace width=\""
      HTMLEscaping.append(width, for: .quotedValue, to: &output)
      output += "\"></mspace>"
    case .row(let items):
      output += "<mrow>"
      writeItems(items)
      output += "</mrow>"
    case .fraction(let numerator, let denominator):
      output += "<mfrac>"
      write(numerator)
      write(denominator)
      output += "</mfrac>"
    case .binomial(let top, let bottom):
      output += "<mrow>"
      operatorElement("(")
      output += "<mfrac linethickness=\"0\">"
      write(top)
      write(bottom)
      output += "</mfrac>"
      operatorElement(")")
      output += "</mrow>"
    case .root(let base, let index):
      if let index {
        output += "<mroot>"
        write(base)
        write(index)
        output += "</mroot>"
      } else {
        output += "<msqrt>"
        write(base)
        output += "</msqrt>"
      }
    case .scripts(let base, let sub, let sup, let limits):
      writeScripts(base: base, sub: sub, sup: sup, limits: limits)
    case .accent(let base, let accent):
      let stretchy = accent.stretchy ? "true" : "false"
      output += accent.over ? "<mover accent=\"true\">" : "<munder accentunder=\"true\">"
      write(base)
      operatorElement(accent.mark, " stretchy=\"\(stretchy)\"")
      output += accent.over ? "</mover>" : "</munder>"
    case .stack(let base, let over, let under):
      writeScripts(base: base, sub: under, sup: over, limits: true)
    case .fenced(let open, let body, let close):
      output += "<mrow>"
      if !open.isEmpty {
        operatorElement(open, " fence=\"true\" form=\"prefix\" stretchy=\"true\"")
      }
      if case .row(let items) = body { writeItems(items) } else { write(body) }
      if !close.isEmpty {
        operatorElement(close, " fence=\"true\" form=\"postfix\" stretchy=\"true\"")
      }
      output += "</mrow>"
    case .sizedDelimiter(let text, let size):
      if let size {
        operatorElement(text, " stretchy=\"true\" minsize=\"\(size)\" maxsize=\"\(size)\"")
      } else {
        operatorElement(text, " stretchy=\"true\"")
      }
    case .table(let rows, let environment):
      writeTable(rows, environment)
    case .error(let source):
      output += "<merror>"
      element("mtext", text: source)
      output += "</merror>"
    }
  }

  /// The children of a row, with the invisible function application after a function name
  /// (`sin x`), as MathML asks so that readers say "sine of x".
  private mutating func writeItems(_ items: [MathNode]) {
    for (index, item) in items.enumerated() {
      write(item)
      if Self.isFunction(item), index + 1 < items.count { operatorElement("\u{2061}") }
    }
  }

  private static func isFunction(_ node: MathNode) -> Bool {
    switch node {
    case .function: true
    case .scripts(let base, _, _, _): isFunction(base)
    default: false
    }
  }

  private mutating func writeScripts(
    base: MathNode, sub: MathNode?, sup: MathNode?, limits: Bool
  ) {
    let name: String
    switch (sub != nil, sup != nil, limits) {
    case (true, true, true): name = "munderover"
    case (true, false, true): name = "munder"
    case (false, true, true): name = "mover"
    case (true, true, false): name = "msubsup"
    case (true, false, false): name = "msub"
    default: name = "msup"
    }
    output += "<\(name)>"
    write(base)
    if let sub { write(sub) }
    if let sup { write(sup) }
    output += "</\(name)>"
  }

  private mutating func writeTable(_ rows: [[MathNode]], _ environment: MathEnvironment) {
    let delimited = !environment.open.isEmpty || !environment.close.isEmpty
    if delimited {
      output += "<mrow>"
      if !environment.open.isEmpty {
        operatorElement(environment.open, " fence=\"true\" form=\"prefix\" stretchy=\"true\"")
      }
    }
    output += "<mtable>"
    for row in rows {
      output += "<mtr>"
      for cell in row {
        output += "<mtd>"
        if case .row(let items) = cell { writeItems(items) } else { write(cell) }
        output += "</mtd>"
      }
      output += "</mtr>"
    }
    output += "</mtable>"
    if delimited {
      if !environment.close.isEmpty {
        operatorElement(environment.close, " fence=\"true\" form=\"postfix\" stretchy=\"true\"")
      }
      output += "</mrow>"
    }
  }

  /// `\text{ if }`'s spaces, which HTML would collapse at the element's edges, as no-break
  /// spaces.
  private static func keepingEdgeSpaces(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    for index in scalars.indices {
      guard scalars[index] == " " else { break }
      scalars[index] = "\u{A0}"
    }
    for index in scalars.indices.reversed() {
      guard scalars[index] == " " else { break }
      scalars[index] = "\u{A0}"
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
