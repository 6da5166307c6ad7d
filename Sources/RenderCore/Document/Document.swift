/// An HTML element tree: what HTML import produces and what the cascade styles.
///
/// Nodes live in one flat array and refer to each other by index, so building, walking and
/// styling a document never recurses: a 100,000-deep tree is as safe as a flat one.
/// Node 0 is the root, an element named `#document`.
///
/// ```swift
/// var document = Document()
/// let paragraph = document.appendElement("p", attributes: [.init(name: "class", value: "lead")], to: document.root)
/// document.appendText("Hello", to: paragraph)
/// document.textContent(of: document.root)  // "Hello"
/// ```
public struct Document: Sendable, Hashable {
  /// Identifies a node in its document.
  public typealias NodeID = Int

  /// The root node (an element named `#document`).
  public let root: NodeID = 0
  /// All nodes, in document order (a parent always precedes its children).
  public private(set) var nodes: [DocumentNode]
  /// What the document says about itself: its front matter's top-level entries (empty when it
  /// has none). A `title` string here is the page title.
  public var metadata: [String: MetadataValue] = [:]

  /// Creates a document holding only the root.
  public init() {
    nodes = [DocumentNode(kind: .element, name: "#document", parent: nil)]
  }

  /// Makes room for `count` nodes in all, so a builder that knows the size up front (HTML
  /// import) grows the node array once instead of copying it as it doubles.
  ///
  /// A large array is backed by huge pages where the kernel allows them: nodes are wide, so
  /// filling megabytes of them would otherwise take a page fault every few dozen nodes.
  package mutating func reserveCapacity(_ count: Int) {
    nodes.reserveCapacity(count)
    let bytes = nodes.capacity * MemoryLayout<DocumentNode>.stride
    nodes.withUnsafeMutableBufferPointer { storage in
      if let base = storage.baseAddress { HugePages.advise(base, count: bytes) }
    }
  }

  /// Adds an element as the last child of `parent` and returns it. `name` is stored lower-cased.
  @discardableResult
  public mutating func appendElement(
    _ name: String, attributes: [DocumentNode.Attribute] = [], to parent: NodeID
  ) -> NodeID {
    var node = DocumentNode(kind: .element, name: name.lowercased(), parent: parent)
    node.attributes = attributes
    return append(node, to: parent)
  }

  /// Adds an element whose name is already lower-case (builders that know their names).
  @discardableResult
  package mutating func appendElement(
    lowercasedName name: String, attributes: [DocumentNode.Attribute] = [], to parent: NodeID
  ) -> NodeID {
    var node = DocumentNode(kind: .element, name: name, parent: parent)
    node.attributes = attributes
    return append(node, to: parent)
  }

  /// Adds text as the last child of `parent`, merging it into a preceding text sibling.
  public mutating func appendText(_ text: String, to parent: NodeID) {
    guard !text.isEmpty else { return }
    if let last = nodes[parent].lastChild, nodes[last].kind == .text {
      nodes[last].text += text
      return
    }
    var node = DocumentNode(kind: .text, name: "", parent: parent)
    node.text = text
    append(node, to: parent)
  }

  /// Sets the attribute `name` of the element `node` to `value`, replacing the first of that
  /// name (and dropping any later duplicate); nil removes it. What a ``DocumentPass`` changes
  /// links, ids and classes with.
  public mutating func setAttribute(_ name: String, to value: String?, of node: NodeID) {
    precondition(nodes[node].kind == .element, "only elements have attributes")
    let name = name.lowercased()
    var attributes = nodes[node].attributes
    let first = attributes.firstIndex { $0.name == name }
    attributes.removeAll { $0.name == name }
    if let value {
      attributes.insert(
        DocumentNode.Attribute(name: name, value: value),
        at: min(first ?? attributes.count, attributes.count))
    }
    nodes[node].attributes = attributes
  }

  /// A copy of the document in which each node of `replaced` (with everything inside it) is
  /// left out, and `replace` appends what stands for it to the copy's parent instead:
  /// `replace(node, &copy, parent)`. Nodes cannot move in place, so a pass that swaps
  /// elements (a formula for its source) writes a copy.
  public func replacing(
    _ replaced: Set<NodeID>, with replace: (NodeID, inout Document, NodeID) -> Void
  ) -> Document {
    var copy = Document()
    copy.metadata = metadata
    copy.reserveCapacity(nodes.count)
    var open: [NodeID] = [copy.root]
    walk(
      below: root,
      enter: { current in
        let node = nodes[current]
        let parent = open[open.count - 1]
        if replaced.contains(current) {
          replace(current, &copy, parent)
          return false
        }
        if node.kind == .text {
          copy.appendText(node.text, to: parent)
          return false
        }
        open.append(copy.appendElement(node.name, attributes: node.attributes, to: parent))
        return true
      },
      leave: { _ in open.removeLast() })
    return copy
  }

  /// The children of `node`, in order.
  public func children(of node: NodeID) -> [NodeID] {
    var result: [NodeID] = []
    var child = nodes[node].firstChild
    while let current = child {
      result.append(current)
      child = nodes[current].nextSibling
    }
    return result
  }

  /// All text below `node`, concatenated in document order (no styling, nothing hidden).
  public func textContent(of node: NodeID) -> String {
    var text = ""
    forEachDescendant(of: node) { id in
      if nodes[id].kind == .text { text += nodes[id].text }
    }
    return text
  }

  /// Visits `node` and everything below it in document order, without recursion.
  package func forEachDescendant(of node: NodeID, _ visit: (NodeID) -> Void) {
    visit(node)
    walk(
      below: node,
      enter: { id in
        visit(id)
        return true
      }, leave: { _ in })
  }

  /// The one walk of the tree: everything below `node` (not `node` itself), in document
  /// order. It follows child, sibling and parent links, so it allocates nothing and never
  /// recurses, however deep the document.
  ///
  /// `enter` sees each node, text included, and says whether to go inside it; each node it
  /// went inside is passed to `leave` once everything inside has been visited (at once when
  /// it has no children). A writer opens a tag in `enter` and closes it in `leave`:
  ///
  /// ```swift
  /// document.walk(
  ///   below: document.root,
  ///   enter: { id in
  ///     guard document.nodes[id].kind != .text else { return false }
  ///     output += "<\(document.nodes[id].name)>"
  ///     return true
  ///   },
  ///   leave: { id in output += "</\(document.nodes[id].name)>" })
  /// ```
  package func walk(
    below node: NodeID, enter: (NodeID) -> Bool, leave: (NodeID) -> Void
  ) {
    var next = nodes[node].firstChild
    while let current = next {
      if enter(current) {
        if let child = nodes[current].firstChild {
          next = child
          continue
        }
        leave(current)
      }
      // On to the next sibling, or up, leaving each node whose children are all visited.
      var position = current
      next = nil
      while true {
        if let sibling = nodes[position].nextSibling {
          next = sibling
          break
        }
        guard let parent = nodes[position].parent, parent != node else { break }
        leave(parent)
        position = parent
      }
    }
  }

  @discardableResult
  private mutating func append(_ node: DocumentNode, to parent: NodeID) -> NodeID {
    let id = nodes.count
    nodes.append(node)
    if let last = nodes[parent].lastChild {
      nodes[last].nextSibling = id
      nodes[id].previousSibling = last
    } else {
      nodes[parent].firstChild = id
    }
    nodes[parent].lastChild = id
    return id
  }
}
