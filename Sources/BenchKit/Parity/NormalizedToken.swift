import RenderCore

/// One piece of normalised HTML: a start tag, an end tag or text, already in canonical form.
enum NormalizedToken {
  /// A start tag; `attributes` is the canonical attribute text, with its leading spaces.
  case start(name: String, attributes: String)
  /// An end tag.
  case end(name: String)
  /// Text, unescaped; collapsed unless `preformatted` (inside `<pre>`).
  case text(String, preformatted: Bool)

  /// Tags around which whitespace is not rendered, so the parity rules drop it.
  static let blockNames: Set<String> = [
    "address", "article", "aside", "blockquote", "br", "caption", "center", "col", "colgroup",
    "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "legend",
    "li", "link", "main", "menu", "meta", "nav", "ol", "optgroup", "option", "p", "pre",
    "script", "section", "style", "summary", "table", "tbody", "td", "template", "tfoot", "th",
    "thead", "title", "tr", "ul",
  ]

  /// Elements that never have content, written without an end tag: HTML's, and `isindex`,
  /// which libxml2 (an HTML 4 parser) still reads as empty.
  static let voidNames: Set<String> = HTMLElements.void.union(["isindex"])

  /// The wrappers libxml2 implies around any fragment; left out so fragments compare equal.
  static let wrapperNames: Set<String> = ["html", "head", "body"]

  var isBlockTag: Bool {
    switch self {
    case .start(let name, _), .end(let name): return Self.blockNames.contains(name)
    case .text: return false
    }
  }

  /// The tokens of `document` in order, walking the tree without recursion.
  static func tokens(of document: Document) -> [NormalizedToken] {
    var tokens: [NormalizedToken] = []
    var preformattedDepth = 0
    var next = document.firstChild(of: document.root)
    while let node = next {
      let current = document.nodes[node]
      if current.kind == .text {
        let text = preformattedDepth > 0 ? current.text : collapsed(current.text)
        tokens.append(.text(text, preformatted: preformattedDepth > 0))
      } else {
        if current.name == "pre" { preformattedDepth += 1 }
        if !wrapperNames.contains(current.name) {
          tokens.append(.start(name: current.name, attributes: attributeText(of: current)))
        }
        if let child = current.firstChild {
          next = child
          continue
        }
      }
      // Leave `node` and every ancestor it is the last child of, closing their tags.
      var leaving: Document.NodeID? = node
      next = nil
      while let closing = leaving, closing != document.root {
        let element = document.nodes[closing]
        if element.kind == .element {
          if element.name == "pre" { preformattedDepth -= 1 }
          if !wrapperNames.contains(element.name) && !voidNames.contains(element.name) {
            tokens.append(.end(name: element.name))
          }
        }
        if let sibling = element.nextSibling {
          next = sibling
          break
        }
        leaving = element.parent
      }
    }
    return tokens
  }

  /// Appends the token's HTML to `output`.
  func write(to output: inout String) {
    switch self {
    case .start(let name, let attributes):
      output += "<\(name)\(attributes)>"
    case .end(let name):
      output += "</\(name)>"
    case .text(let text, _):
      HTMLEscaping.append(text, for: .quotedValue, to: &output)
    }
  }

  private static func attributeText(of element: DocumentNode) -> String {
    var attributes = element.attributes.filter { $0.name != "data-sourcepos" }
    if element.name == "code" {
      attributes = attributes.map { attribute in
        guard attribute.name == "class" else { return attribute }
        let classes = attribute.value.split(whereSeparator: isWhitespace).map { name in
          name.hasPrefix("language-") ? name.dropFirst("language-".count) : name
        }
        return .init(name: "class", value: classes.joined(separator: " "))
      }
    }
    attributes.sort { ($0.name, $0.value) < ($1.name, $1.value) }
    var text = ""
    for attribute in attributes {
      text += " \(attribute.name)=\""
      HTMLEscaping.append(attribute.value, for: .quotedValue, to: &text)
      text += "\""
    }
    return text
  }

  private static func isWhitespace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\n" || character == "\r"
      || character == "\u{0C}"
  }

  /// `text` with each run of HTML whitespace replaced by one space.
  private static func collapsed(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var inWhitespace = false
    for scalar in text.unicodeScalars {
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" {
        if !inWhitespace { result.unicodeScalars.append(" ") }
        inWhitespace = true
      } else {
        result.unicodeScalars.append(scalar)
        inWhitespace = false
      }
    }
    return result
  }
}
