import RenderCore

/// What browsers show of elements whose rendering no stylesheet rule in styled text can say:
/// the HTML standard's rendering section for `details`, `dialog`, `select`, embedded content,
/// and SVG and MathML, where only some text is ever drawn.
///
/// Both importers' documents go through these rules, so they apply whichever built the tree.
/// An element's name is looked up once (``kind(of:)``); most elements have no rule.
enum RenderingRule: Equatable {
  /// `dialog`: shown only with `open`.
  case dialog
  /// MathML `annotation`, `annotation-xml`: alternatives, never drawn.
  case annotation
  /// `option`: only the one its `select` shows.
  case option
  /// `optgroup`: only the one holding that option.
  case optionGroup
  /// `select`: shows one option.
  case select
  /// `details`: without `open`, only its first `summary`.
  case details
  /// `summary`: its text is shown.
  case summary
  /// `svg`: only its `text` is drawn.
  case svg
  /// SVG `text`: drawn.
  case svgText
  /// SVG `foreignObject`: its HTML is drawn when it sits in a container.
  case foreignObject
  /// `iframe`, `video`, `audio`, `canvas`: their fallback or source text is not drawn.
  case embedded
  /// `object`: its fallback shows only when it has nothing to embed (no `data`).
  case object
  /// `math`: text only in token elements.
  case math
  /// `mi`, `mn`, `mo`, `ms`, `mtext`: MathML's text.
  case mathToken
  /// MathML's layout elements (`mrow`, `mfrac`, …): each sets its content apart.
  case mathLayout

  /// How an element's own text (its text children) is treated.
  enum TextVisibility: Equatable {
    /// Inherited from the parent element.
    case inherited
    /// Shown: SVG's `text` and `foreignObject`, an `option`, a `summary`, MathML tokens.
    case shown
    /// Not drawn.
    case hidden
  }

  private static let kinds: [String: RenderingRule] = {
    var kinds: [String: RenderingRule] = [
      "dialog": .dialog, "annotation": .annotation, "annotation-xml": .annotation,
      "option": .option, "optgroup": .optionGroup, "select": .select, "details": .details,
      "summary": .summary, "svg": .svg, "text": .svgText, "foreignobject": .foreignObject,
      "iframe": .embedded, "video": .embedded, "audio": .embedded, "canvas": .embedded,
      "object": .object, "math": .math,
    ]
    for token in ["mi", "mn", "mo", "ms", "mtext"] { kinds[token] = .mathToken }
    for layout in [
      "mrow", "mfrac", "msqrt", "mroot", "msub", "msup", "msubsup", "munder", "mover",
      "munderover", "mtable", "mtr", "mtd", "semantics", "mstyle", "mpadded", "mphantom",
      "menclose", "merror", "mspace",
    ] {
      kinds[layout] = .mathLayout
    }
    return kinds
  }()

  /// The rule for the element `name` (lower-case), nil for most elements.
  static func kind(of name: String) -> RenderingRule? { kinds[name] }

  /// Whether the element (of rule `kind`) and everything in it is skipped. `chosenOption` is
  /// the option its nearest open `select` shows (nil outside one); `closedDetails` is its
  /// parent when that is a `details` without `open`.
  static func hides(
    _ node: Document.NodeID, kind: RenderingRule?, in document: Document,
    chosenOption: Document.NodeID?, closedDetails: Document.NodeID?
  ) -> Bool {
    if let closedDetails, node != firstSummary(of: closedDetails, in: document) { return true }
    switch kind {
    case .dialog: return document.attribute("open", of: node) == nil
    case .annotation: return true
    case .option: return chosenOption.map { $0 != node } ?? false
    case .optionGroup:
      return chosenOption.map { !contains(node, $0, in: document) } ?? false
    default: return false
    }
  }

  /// How the text directly inside the element (of rule `kind`) is treated.
  static func textVisibility(
    of node: Document.NodeID, kind: RenderingRule?, in document: Document
  ) -> TextVisibility {
    switch kind {
    case nil, .dialog, .annotation, .optionGroup, .mathLayout: return .inherited
    case .svg, .select, .embedded, .math: return .hidden
    case .object: return document.attribute("data", of: node) == nil ? .inherited : .hidden
    case .svgText, .option, .summary, .mathToken: return .shown
    case .details: return document.attribute("open", of: node) == nil ? .hidden : .inherited
    case .foreignObject:
      let parent = document.parent(of: node).map { document.name(of: $0) }
      return ["svg", "g", "a", "switch", "symbol"].contains(parent) ? .shown : .inherited
    }
  }

  /// Whether the element's start and end separate words: MathML's tokens and layouts, which a browser
  /// lays out as separate boxes (`<mi>x</mi><mi>y</mi>` is not one word).
  static func separatesWords(_ kind: RenderingRule?) -> Bool {
    kind == .mathToken || kind == .mathLayout
  }

  /// The option a closed `select` shows: the last one marked `selected`, else the first.
  static func chosenOption(of select: Document.NodeID, in document: Document) -> Document.NodeID? {
    var first: Document.NodeID?
    var selected: Document.NodeID?
    // Options are the select's children or its optgroups' children.
    var candidates = document.children(of: select)
    var index = 0
    while index < candidates.count {
      let node = candidates[index]
      index += 1
      let name = document.name(of: node)
      if name == "optgroup" {
        candidates.append(contentsOf: document.children(of: node))
      } else if name == "option" {
        if first == nil { first = node }
        if document.attribute("selected", of: node) != nil { selected = node }
      }
    }
    return selected ?? first
  }

  private static func firstSummary(of node: Document.NodeID, in document: Document) -> Int? {
    var child = document.firstChild(of: node)
    while let current = child {
      if document.name(of: current) == "summary" { return current }
      child = document.nextSibling(of: current)
    }
    return nil
  }

  private static func contains(
    _ ancestor: Document.NodeID, _ node: Document.NodeID, in document: Document
  ) -> Bool {
    var current: Document.NodeID? = node
    while let next = current {
      if next == ancestor { return true }
      current = document.parent(of: next)
    }
    return false
  }
}
