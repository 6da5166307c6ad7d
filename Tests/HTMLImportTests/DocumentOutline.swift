import RenderCore

/// A readable, indented outline of a ``Document`` for golden files: one line per element
/// (`name attr="value"`) or text node (quoted, newlines escaped), two spaces per level.
enum DocumentOutline {
  static func render(_ document: Document) -> String {
    var lines: [String] = []
    var stack: [(Document.NodeID, Int)] = document.children(of: document.root).reversed().map {
      ($0, 0)
    }
    while let (node, depth) = stack.popLast() {
      let current = document.nodes[node]
      let indent = String(repeating: "  ", count: depth)
      if current.kind == .text {
        lines.append(indent + quoted(current.text))
        continue
      }
      let attributes = current.attributes.map { " \($0.name)=\(quoted($0.value))" }.joined()
      lines.append(indent + current.name + attributes)
      stack.append(contentsOf: document.children(of: node).reversed().map { ($0, depth + 1) })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
