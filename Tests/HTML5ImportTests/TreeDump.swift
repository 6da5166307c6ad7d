import RenderCore

/// html5lib's tree format (`<name>`, `name="value"`, `"text"`, two spaces per level), reduced to
/// what a ``Document`` holds, so an expected tree and an imported one compare line by line:
/// comments and doctypes dropped, `template` contents as the element's children, names
/// lower-case without their namespace (`<svg path>` is `<path>`, `xlink href` is
/// `xlink:href`), attributes sorted, adjacent text merged.
enum TreeDump {
  /// Whether `line` opens a text node that the next line continues (no closing quote yet).
  static func isOpenText(_ line: String) -> Bool {
    let content = line.drop { $0 == " " }
    return content.first == "\"" && (content.count == 1 || content.last != "\"")
  }

  /// A tree being rebuilt from its lines.
  private struct Node {
    var name: String
    var attributes: [String] = []
    var text: String?
    var children: [Int] = []
  }

  /// The expected `#document` lines in the reduced form.
  static func expected(_ lines: [String]) -> [String] {
    var nodes = [Node(name: "#document")]
    // attachTo[d]: the node that a line at depth d + 1 belongs to.
    var attachTo: [Int] = []
    for line in lines {
      let depth = line.prefix { $0 == " " }.count / 2
      let content = String(line.dropFirst(depth * 2))
      let parent = depth == 0 ? 0 : attachTo[depth - 1]
      func setAttachment(_ node: Int) {
        if attachTo.count > depth { attachTo[depth] = node } else { attachTo.append(node) }
        attachTo.removeSubrange((depth + 1)...)
      }
      if content.hasPrefix("<!--") || content.hasPrefix("<!DOCTYPE") {
        continue
      } else if content == "content" {
        setAttachment(parent)
      } else if content.hasPrefix("\"") {
        let text = String(content.dropFirst().dropLast())
        if let last = nodes[parent].children.last, nodes[last].text != nil {
          nodes[last].text! += text
        } else {
          nodes.append(Node(name: "", text: text))
          nodes[parent].children.append(nodes.count - 1)
        }
      } else if content.hasPrefix("<") {
        var name = String(content.dropFirst().dropLast())
        if let space = name.firstIndex(of: " ") { name = String(name[name.index(after: space)...]) }
        nodes.append(Node(name: name.lowercased()))
        nodes[parent].children.append(nodes.count - 1)
        setAttachment(nodes.count - 1)
      } else if let equals = content.firstIndex(of: "=") {
        let name = content[..<equals].replacingOccurrences(of: " ", with: ":").lowercased()
        nodes[parent].attributes.append(name + String(content[equals...]))
      }
    }
    var output: [String] = []
    var stack = nodes[0].children.reversed().map { ($0, 0) }
    while let (node, depth) = stack.popLast() {
      output += line(nodes[node].text, name: nodes[node].name, nodes[node].attributes, depth)
      stack += nodes[node].children.reversed().map { ($0, depth + 1) }
    }
    return output
  }

  /// `document` in the reduced form.
  static func actual(_ document: Document) -> [String] {
    var output: [String] = []
    var stack = document.children(of: document.root).reversed().map { ($0, 0) }
    while let (id, depth) = stack.popLast() {
      let node = document.nodes[id]
      let attributes = node.attributes.map { "\($0.name)=\"\($0.value)\"" }
      output += line(node.kind == .text ? node.text : nil, name: node.name, attributes, depth)
      stack += document.children(of: id).reversed().map { ($0, depth + 1) }
    }
    return output
  }

  private static func line(
    _ text: String?, name: String, _ attributes: [String], _ depth: Int
  ) -> [String] {
    let indent = String(repeating: "  ", count: depth)
    if let text { return [indent + "\"" + text + "\""] }
    return [indent + "<" + name + ">"] + attributes.sorted().map { indent + "  " + $0 }
  }
}
