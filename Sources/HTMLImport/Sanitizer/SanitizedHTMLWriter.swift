import RenderCore

/// Serialises the part of a ``Document`` a ``SanitizerPolicy`` allows, without recursion.
struct SanitizedHTMLWriter {
  let policy: SanitizerPolicy

  /// Elements that never have an end tag.
  private static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
  ]
  /// Elements whose first newline a parser drops, so a leading newline must be doubled.
  private static let leadingNewlineElements: Set<String> = ["pre", "textarea", "listing"]

  private enum Step {
    case enter(Document.NodeID)
    case close(String)
  }

  func write(_ document: Document) -> String {
    var output = ""
    var steps: [Step] = [.enter(document.root)]
    while let step = steps.popLast() {
      switch step {
      case .close(let name):
        output += "</\(name)>"
      case .enter(let id):
        let node = document.nodes[id]
        if node.kind == .text {
          Self.appendEscaped(node.text, quotes: false, to: &output)
          continue
        }
        if policy.removedWithContent.contains(node.name) { continue }
        let children = document.children(of: id)
        if policy.allowedElements.contains(node.name) {
          writeStartTag(of: node, to: &output)
          if Self.leadingNewlineElements.contains(node.name), let first = children.first,
            document.nodes[first].kind == .text, document.nodes[first].text.hasPrefix("\n")
          {
            output += "\n"
          }
          if !Self.voidElements.contains(node.name) { steps.append(.close(node.name)) }
        }
        steps.append(contentsOf: children.reversed().map(Step.enter))
      }
    }
    return output
  }

  private func writeStartTag(of node: DocumentNode, to output: inout String) {
    output += "<" + node.name
    let global = policy.allowedAttributes["*"] ?? []
    let specific = policy.allowedAttributes[node.name] ?? []
    var written: Set<String> = []
    for attribute in node.attributes
    where (global.contains(attribute.name) || specific.contains(attribute.name))
      && written.insert(attribute.name).inserted
    {
      if let schemes = policy.urlSchemes[attribute.name],
        !URLSafety.isAllowed(attribute.value, schemes: schemes)
      {
        continue
      }
      output += " \(attribute.name)=\""
      Self.appendEscaped(attribute.value, quotes: true, to: &output)
      output += "\""
    }
    output += ">"
  }

  /// Appends `text` with `&`, `<`, `>` (and `"` in attribute values) as references.
  private static func appendEscaped(_ text: String, quotes: Bool, to output: inout String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"" where quotes: output += "&quot;"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }
}
