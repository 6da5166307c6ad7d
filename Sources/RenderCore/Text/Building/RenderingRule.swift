/// What browsers show of elements whose rendering no stylesheet rule in styled text can say:
/// the HTML standard's rendering section for `details`, `dialog`, `select`, embedded content,
/// and SVG and MathML, where only some text is ever drawn.
///
/// Both importers' documents go through these rules, so they apply whichever built the tree.
enum RenderingRule {
  /// How an element's own text (its text children) is treated.
  enum TextVisibility: Equatable {
    /// Inherited from the parent element.
    case inherited
    /// Shown: SVG's `text` and `foreignObject`, an `option`, a `summary`.
    case shown
    /// Not drawn: SVG graphics, a `select`'s loose text, a closed `details`, an `iframe`'s
    /// source text, a media element's fallback.
    case hidden
  }

  /// Whether the element `name` is MathML, whose elements each set their text apart (a
  /// browser lays them out as separate boxes: `<mi>x</mi><mi>y</mi>` is not one word).
  static func separatesWords(_ name: String) -> Bool {
    switch name {
    case "math", "mi", "mn", "mo", "ms", "mtext", "mrow", "mfrac", "msqrt", "mroot", "msub",
      "msup", "msubsup", "munder", "mover", "munderover", "mtable", "mtr", "mtd", "semantics",
      "mstyle", "mpadded", "mphantom", "menclose", "merror", "mspace":
      return true
    default: return false
    }
  }

  /// Whether `node` and everything in it is skipped; `chosenOption` is the option its
  /// nearest open `select` shows (nil outside one).
  static func hides(
    _ node: Document.NodeID, in document: Document, chosenOption: Document.NodeID?
  ) -> Bool {
    let element = document.nodes[node]
    switch element.name {
    // A dialog is shown only once opened; MathML annotations are alternatives, never drawn.
    case "dialog": return element.attribute("open") == nil
    case "annotation", "annotation-xml": return true
    case "option": return chosenOption.map { $0 != node } ?? false
    case "optgroup": return chosenOption != nil && !contains(node, chosenOption!, in: document)
    default: break
    }
    guard let parent = element.parent else { return false }
    let container = document.nodes[parent]
    if container.name == "details", container.attribute("open") == nil {
      return node != firstSummary(of: parent, in: document)
    }
    return false
  }

  /// How the text directly inside the element `name` is treated.
  static func textVisibility(of node: Document.NodeID, in document: Document) -> TextVisibility {
    let element = document.nodes[node]
    switch element.name {
    case "svg", "select", "iframe", "video", "audio", "canvas", "object":
      // An object shows its fallback content only when it has nothing to embed.
      if element.name == "object", element.attribute("data") == nil { return .inherited }
      return .hidden
    // MathML draws text only in its token elements, SVG only in `text` and in a
    // `foreignObject` placed in a container (not inside a shape such as `path`).
    case "math": return .hidden
    case "text", "option", "summary", "mi", "mn", "mo", "ms", "mtext": return .shown
    case "foreignobject":
      let parent = element.parent.map { document.nodes[$0].name }
      return ["svg", "g", "a", "switch", "symbol"].contains(parent) ? .shown : .inherited
    case "details": return element.attribute("open") == nil ? .hidden : .inherited
    default: return .inherited
    }
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
      let element = document.nodes[node]
      if element.name == "optgroup" {
        candidates.append(contentsOf: document.children(of: node))
      } else if element.name == "option" {
        if first == nil { first = node }
        if element.attribute("selected") != nil { selected = node }
      }
    }
    return selected ?? first
  }

  private static func firstSummary(of node: Document.NodeID, in document: Document) -> Int? {
    var child = document.nodes[node].firstChild
    while let current = child {
      if document.nodes[current].name == "summary" { return current }
      child = document.nodes[current].nextSibling
    }
    return nil
  }

  private static func contains(
    _ ancestor: Document.NodeID, _ node: Document.NodeID, in document: Document
  ) -> Bool {
    var current: Document.NodeID? = node
    while let next = current {
      if next == ancestor { return true }
      current = document.nodes[next].parent
    }
    return false
  }
}
