import RenderCore

/// Writes a `MathNode` tree as MathML Core elements of a ``RenderCore/Document``, the subset
/// Chromium, Firefox and Safari render with no script: `mi`, `mn`, `mo`, `mtext`, `mspace`,
/// `mrow`, `mfrac`, `msqrt`, `mroot`, the script elements, `mtable` and `merror`. The
/// document's one serializer writes them as HTML, escaping the text.
struct MathMLWriter {
  /// The document being written into (moved in and out, never copied).
  private var document: Document
  /// The element new nodes go into.
  private var parent: Document.NodeID

  /// Appends `node` to `parent` in `document` as a `math` element, `display="block"` for
  /// display math, with `alttext` when given; returns the element.
  @discardableResult
  static func append(
    _ node: MathNode, display: Bool, alternativeText: String?, to parent: Document.NodeID,
    in document: inout Document
  ) -> Document.NodeID {
    var writer = MathMLWriter(document: Document(), parent: parent)
    swap(&writer.document, &document)
    defer { swap(&writer.document, &document) }
    var attributes: [DocumentNode.Attribute] = []
    if display { attributes.append(.init(name: "display", value: "block")) }
    if let alternativeText { attributes.append(.init(name: "alttext", value: alternativeText)) }
    writer.open("math", attributes)
    let math = writer.parent
    // `math` lays its children out as a row: no `mrow` of its own needed.
    if case .row(let items) = node {
      writer.writeItems(items)
    } else {
      writer.write(node)
    }
    writer.close()
    return math
  }

  /// `node` as the HTML of a `math` element.
  static func math(_ node: MathNode, display: Bool) -> String {
    var document = Document()
    append(node, display: display, alternativeText: nil, to: document.root, in: &document)
    return HTMLSerializer.fragment(of: document)
  }

  private mutating func open(_ name: String, _ attributes: [DocumentNode.Attribute] = []) {
    parent = document.appendElement(name, attributes: attributes, to: parent)
  }

  private mutating func close() {
    parent = document.parent(of: parent) ?? document.root
  }

  private mutating func element(
    _ name: String, _ attributes: [DocumentNode.Attribute] = [], text: String
  ) {
    open(name, attributes)
    document.appendText(text, to: parent)
    close()
  }

  private mutating func operatorElement(
    _ text: String, _ attributes: KeyValuePairs<String, String> = [:]
  ) {
    element(
      "mo", attributes.map { DocumentNode.Attribute(name: $0.key, value: $0.value) }, text: text)
  }

  /// One element: a row of several nodes is wrapped in `mrow`, as `mfrac` and the script
  /// elements need exactly one element per argument.
  private mutating func write(_ node: MathNode) {
    switch node {
    case .identifier(let text, let upright):
      // A one-letter `mi` is italic by default; longer names already are upright.
      let normal = upright && text.unicodeScalars.count == 1
      element("mi", normal ? [.init(name: "mathvariant", value: "normal")] : [], text: text)
    case .number(let text):
      element("mn", text: text)
    case .symbol(let text, let kind):
      // Plain delimiters keep their size; the operator dictionary would stretch them.
      let fixed = kind == .opening || kind == .closing || kind == .fence
      operatorElement(text, fixed ? ["stretchy": "false"] : [:])
    case .largeOperator(let text, _):
      operatorElement(text)
    case .function(let name, let limits):
      if limits {
        operatorElement(name, ["movablelimits": "true"])
      } else {
        element("mi", text: name)
      }
    case .text(let text):
      element("mtext", text: Self.keepingEdgeSpaces(text))
    case .space(let width):
      open("mspace", [.init(name: "width", value: width)])
      close()
    case .row(let items):
      open("mrow")
      writeItems(items)
      close()
    case .fraction(let numerator, let denominator):
      open("mfrac")
      write(numerator)
      write(denominator)
      close()
    case .binomial(let top, let bottom):
      open("mrow")
      operatorElement("(")
      open("mfrac", [.init(name: "linethickness", value: "0")])
      write(top)
      write(bottom)
      close()
      operatorElement(")")
      close()
    case .root(let base, let index):
      if let index {
        open("mroot")
        write(base)
        write(index)
        close()
      } else {
        open("msqrt")
        write(base)
        close()
      }
    case .scripts(let base, let sub, let sup, let limits):
      writeScripts(base: base, sub: sub, sup: sup, limits: limits)
    case .accent(let base, let accent):
      if accent.over {
        open("mover", [.init(name: "accent", value: "true")])
      } else {
        open("munder", [.init(name: "accentunder", value: "true")])
      }
      write(base)
      operatorElement(accent.mark, ["stretchy": accent.stretchy ? "true" : "false"])
      close()
    case .stack(let base, let over, let under):
      writeScripts(base: base, sub: under, sup: over, limits: true)
    case .fenced(let opening, let body, let closing):
      open("mrow")
      if !opening.isEmpty {
        operatorElement(opening, ["fence": "true", "form": "prefix", "stretchy": "true"])
      }
      if case .row(let items) = body { writeItems(items) } else { write(body) }
      if !closing.isEmpty {
        operatorElement(closing, ["fence": "true", "form": "postfix", "stretchy": "true"])
      }
      close()
    case .sizedDelimiter(let text, let size):
      if let size {
        operatorElement(text, ["stretchy": "true", "minsize": size, "maxsize": size])
      } else {
        operatorElement(text, ["stretchy": "true"])
      }
    case .table(let rows, let environment):
      writeTable(rows, environment)
    case .error(let source):
      open("merror")
      element("mtext", text: source)
      close()
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
    open(name)
    write(base)
    if let sub { write(sub) }
    if let sup { write(sup) }
    close()
  }

  private mutating func writeTable(_ rows: [[MathNode]], _ environment: MathEnvironment) {
    let delimited = !environment.open.isEmpty || !environment.close.isEmpty
    if delimited {
      open("mrow")
      if !environment.open.isEmpty {
        operatorElement(environment.open, ["fence": "true", "form": "prefix", "stretchy": "true"])
      }
    }
    open("mtable")
    for row in rows {
      open("mtr")
      for cell in row {
        open("mtd")
        if case .row(let items) = cell { writeItems(items) } else { write(cell) }
        close()
      }
      close()
    }
    close()
    if delimited {
      if !environment.close.isEmpty {
        operatorElement(
          environment.close, ["fence": "true", "form": "postfix", "stretchy": "true"])
      }
      close()
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
