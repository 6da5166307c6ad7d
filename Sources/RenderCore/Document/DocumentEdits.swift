/// Changes for a ``DocumentPass`` to make to a ``Document`` in one go: replace a node by
/// nodes, remove it, wrap it in an element, insert nodes before it or at the start or end of
/// an element, rename an element, set an attribute or a text. ``Document/applying(_:)`` makes
/// them all in one walk of the tree, so no pass copies a tree by hand.
///
/// A document keeps its nodes in document order, so nodes are not moved in place: applying
/// edits writes the new document once, however many edits there are.
///
/// ```swift
/// var edits = DocumentEdits()
/// edits.wrap(image, in: "figure")
/// edits.insert(atEndOf: image) { document, parent in document.appendText("!", to: parent) }
/// document = document.applying(edits)
/// ```
public struct DocumentEdits {
  /// Appends nodes to the new document below `parent` (the id in the new document):
  /// `build(&newDocument, parent)`.
  public typealias Builder = (inout Document, Document.NodeID) -> Void

  var replaced: [Document.NodeID: Builder] = [:]
  var removed: Set<Document.NodeID> = []
  var wrappers: [Document.NodeID: [(name: String, attributes: [DocumentNode.Attribute])]] = [:]
  var before: [Document.NodeID: [Builder]] = [:]
  var atStart: [Document.NodeID: [Builder]] = [:]
  var atEnd: [Document.NodeID: [Builder]] = [:]
  var renamed: [Document.NodeID: String] = [:]
  var attributes: [Document.NodeID: [(name: String, value: String?)]] = [:]
  var texts: [Document.NodeID: String] = [:]

  /// No edits.
  public init() {}

  /// Whether there is nothing to change.
  public var isEmpty: Bool {
    replaced.isEmpty && removed.isEmpty && wrappers.isEmpty && before.isEmpty
      && atStart.isEmpty && atEnd.isEmpty && renamed.isEmpty && attributes.isEmpty
      && texts.isEmpty
  }

  /// Puts what `build` appends in place of `node` and everything inside it.
  public mutating func replace(_ node: Document.NodeID, with build: @escaping Builder) {
    replaced[node] = build
  }

  /// Leaves `node` and everything inside it out.
  public mutating func remove(_ node: Document.NodeID) { removed.insert(node) }

  /// Puts `node` inside a new element `name` (lower-cased) standing where it stood; a node
  /// wrapped twice is inside the first wrapper given.
  public mutating func wrap(
    _ node: Document.NodeID, in name: String, attributes: [DocumentNode.Attribute] = []
  ) {
    wrappers[node, default: []].append((name.lowercased(), attributes))
  }

  /// Puts what `build` appends just before `node` (before its wrappers, if any).
  public mutating func insert(before node: Document.NodeID, _ build: @escaping Builder) {
    before[node, default: []].append(build)
  }

  /// Puts what `build` appends at the start of the element `node` (the root too), before its
  /// children.
  public mutating func insert(atStartOf node: Document.NodeID, _ build: @escaping Builder) {
    atStart[node, default: []].append(build)
  }

  /// Puts what `build` appends at the end of the element `node` (the root too), after its
  /// children.
  public mutating func insert(atEndOf node: Document.NodeID, _ build: @escaping Builder) {
    atEnd[node, default: []].append(build)
  }

  /// Gives the element `node` the name `name` (lower-cased), keeping its attributes and
  /// children.
  public mutating func rename(_ node: Document.NodeID, to name: String) {
    renamed[node] = name.lowercased()
  }

  /// Sets the attribute `name` of the element `node` as ``Document/setAttribute(_:to:of:)``
  /// does (nil removes it), in the order given.
  public mutating func setAttribute(_ name: String, to value: String?, of node: Document.NodeID) {
    attributes[node, default: []].append((name, value))
  }

  /// Gives the text node `node` the text `text`.
  public mutating func setText(_ text: String, of node: Document.NodeID) { texts[node] = text }
}

extension Document {
  /// The document with `edits` made, written in one walk (see ``DocumentEdits``).
  public func applying(_ edits: DocumentEdits) -> Document {
    if edits.isEmpty { return self }
    var copy = Document()
    copy.metadata = metadata
    copy.adoptNames(of: self)
    copy.reserveCapacity(nodeCount + edits.wrappers.count + 16)
    copy.reserveBytes(bytes.count)
    // The copy of each element entered, innermost last (a wrapper holds only its node, so it
    // is never open).
    var open: [Document.NodeID] = [copy.root]
    for build in edits.atStart[root] ?? [] { build(&copy, copy.root) }
    walk(
      below: root,
      enter: { current in
        let parent = open[open.count - 1]
        if edits.removed.contains(current) { return false }
        for build in edits.before[current] ?? [] { build(&copy, open[open.count - 1]) }
        if let build = edits.replaced[current] {
          build(&copy, open[open.count - 1])
          return false
        }
        var inner = parent
        let wrappers = edits.wrappers[current] ?? []
        for wrapper in wrappers {
          inner = copy.appendElement(
            lowercasedName: wrapper.name, attributes: wrapper.attributes, to: inner)
        }
        if kind(of: current) == .text {
          if let text = edits.texts[current] {
            copy.appendText(text, to: inner)
          } else {
            copy.copyText(of: current, from: self, to: inner)
          }
          return false
        }
        let name = edits.renamed[current].map { copy.intern($0) } ?? nameID(of: current)
        let element = copy.appendElement(name, to: inner)
        copy.copyAttributes(of: current, from: self, to: element)
        for (name, value) in edits.attributes[current] ?? [] {
          copy.setAttribute(name, to: value, of: element)
        }
        for build in edits.atStart[current] ?? [] { build(&copy, element) }
        open.append(element)
        return true
      },
      leave: { current in
        let element = open.removeLast()
        for build in edits.atEnd[current] ?? [] { build(&copy, element) }
      })
    for build in edits.atEnd[root] ?? [] { build(&copy, copy.root) }
    return copy
  }
}
