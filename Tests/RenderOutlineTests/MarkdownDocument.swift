import EngineCMark
import HTMLImport
import RenderCore

/// A document as cmark and the HTML importer build it, for the outline to read.
enum MarkdownDocument {
  static func make(_ markdown: String, unsafe: Bool = false) throws -> Document {
    let fragment = try CMarkEngine().render(markdown, options: RenderOptions(unsafe: unsafe))
    return try HTMLImporter().importDocument(fragment: fragment)
  }

  /// The `id` of every heading, in document order.
  static func headingIDs(_ document: Document) -> [String] {
    var ids: [String] = []
    document.forEachDescendant(of: document.root) { id in
      let node = document.nodes[id]
      if ["h1", "h2", "h3", "h4", "h5", "h6"].contains(node.name) { ids.append(node.id ?? "") }
    }
    return ids
  }
}
