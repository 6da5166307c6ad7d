/// Writes a ``Document`` (or the content of one of its elements) back as HTML, without
/// recursion: the one serializer behind the sanitizer and the fragments built from documents.
///
/// Text and attribute values are escaped and every attribute is double-quoted, so what a browser
/// parses from the output is the tree written. The content of `script` and `style` (raw text in
/// HTML) is written as it is, except that an end tag inside it is broken as `<\/`. A filter can
/// keep, unwrap or drop each element and choose its attributes; the default writes everything.
///
/// ```swift
/// let html = HTMLSerializer().write(contentsOf: body, in: document)
/// ```
package struct HTMLSerializer {
  /// What happens to an element and what is inside it.
  package enum Treatment {
    /// The element is written with the attributes the filter keeps, then its content.
    case write
    /// The tag goes, its content stays.
    case unwrap
    /// The element goes with everything inside it.
    case drop
  }

  private let treatment: (DocumentNode) -> Treatment
  private let keepsAttribute: (DocumentNode, DocumentNode.Attribute) -> Bool
  /// How a void element's tag ends (``HTMLLayout/voidTagEnd``).
  package var voidTagEnd = ">"
  /// What text escapes besides `&`, `<` and `>` (``HTMLLayout/textEscaping``).
  package var textEscaping = HTMLEscaping.Context.text

  /// A serializer that writes every element and attribute.
  package init() {
    treatment = { _ in .write }
    keepsAttribute = { _, _ in true }
  }

  /// A serializer that asks `treatment` about each element and `keepsAttribute` about each
  /// attribute of the elements it writes.
  package init(
    treatment: @escaping (DocumentNode) -> Treatment,
    keepsAttribute: @escaping (DocumentNode, DocumentNode.Attribute) -> Bool
  ) {
    self.treatment = treatment
    self.keepsAttribute = keepsAttribute
  }

  /// A whole document as a fragment: its `html`, `head` and `body` elements unwrapped, so that
  /// a `<style>` or `<script>` a parser moved into the head stays, in its place at the start.
  /// Void elements' tags end as `layout` says: an engine's document reads as its HTML.
  package static func fragment(of document: Document, layout: HTMLLayout = .html) -> String {
    let structure: Set<String> = ["html", "head", "body"]
    var serializer = HTMLSerializer(
      treatment: { structure.contains($0.name) ? .unwrap : .write },
      keepsAttribute: { _, _ in true })
    serializer.voidTagEnd = layout.voidTagEnd
    serializer.textEscaping = layout.textEscaping
    return serializer.write(contentsOf: document.root, in: document)
  }

  /// Everything below `node` (not `node` itself), in document order, by the tree's one walk
  /// (``Document/walk(below:enter:leave:)``: nothing recurses).
  package func write(contentsOf node: Document.NodeID, in document: Document) -> String {
    var output = ""
    // The end tag of each element being written, innermost last (nil: unwrapped, or void).
    var endTags: [String?] = []
    document.walk(
      below: node,
      enter: { current in
        let entry = document.nodes[current]
        if entry.kind == .text {
          let parent = entry.parent.map { document.nodes[$0].name } ?? ""
          if HTMLElements.rawText.contains(parent) {
            output += Self.rawText(entry.text)
          } else {
            HTMLEscaping.append(entry.text, for: textEscaping, to: &output)
          }
          return false
        }
        let treatment = treatment(entry)
        if treatment == .drop { return false }
        var endTag: String?
        if treatment == .write {
          writeStartTag(of: entry, to: &output)
          output += HTMLElements.void.contains(entry.name) ? voidTagEnd : ">"
          if HTMLElements.leadingNewline.contains(entry.name), let first = entry.firstChild,
            document.nodes[first].kind == .text, document.nodes[first].text.hasPrefix("\n")
          {
            output += "\n"
          }
          if !HTMLElements.void.contains(entry.name) { endTag = entry.name }
        }
        endTags.append(endTag)
        return true
      },
      leave: { _ in
        if let endTag = endTags.removeLast() { output += "</\(endTag)>" }
      })
    return output
  }

  private func writeStartTag(of node: DocumentNode, to output: inout String) {
    output += "<" + node.name
    var written: Set<String> = []
    for attribute in node.attributes
    // The first of two same-named attributes is the one a browser keeps.
    where written.insert(attribute.name).inserted && keepsAttribute(node, attribute) {
      output += " \(attribute.name)=\""
      HTMLEscaping.append(attribute.value, for: .quotedValue, to: &output)
      output += "\""
    }
  }

  /// Raw text as written, with every `</` broken so that nothing in it can end the element.
  private static func rawText(_ text: String) -> String {
    guard text.contains("</") else { return text }
    return text.replacing("</", with: "<\\/")
  }
}
