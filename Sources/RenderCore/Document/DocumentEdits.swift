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
    // Only the nodes an edit names look an edit up; the others are copied as they are.
    var touched = [Bool](repeating: false, count: nodeCount)
    for node in edits.replaced.keys { touched[node] = true }
    for node in edits.removed { touched[node] = true }
    for node in edits.wrappers.keys { touched[node] = true }
    for node in edits.before.keys { touched[node] = true }
    for node in edits.atStart.keys { touched[node] = true }
    for node in edits.atEnd.keys { touched[node] = true }
    for node in edits.renamed.keys { touched[node] = true }
    for node in edits.attributes.keys { touched[node] = true }
    for node in edits.texts.keys { touched[node] = true }
    var copy = sharingStorage()
    // The copy of each element entered, innermost last (a wrapper holds only its node, so it
    // is never open).
    var open: [Document.NodeID] = [copy.root]
    for build in edits.atStart[root] ?? [] { build(&copy, copy.root) }
    var cursor = Cursor(below: root)
    while let (current, entering) = cursor.next(in: self) {
      guard entering else {
        let element = open.removeLast()
        if touched[current] {
          for build in edits.atEnd[current] ?? [] { build(&copy, element) }
        }
        continue
      }
      let parent = open[open.count - 1]
      let isText = kind(of: current) == .text
      guard touched[current] else {
        if let element = copy.appendCopy(of: records[current], to: parent), !isText {
          open.append(element)
        } else {
          cursor.skipChildren()
        }
        continue
      }
      if edits.removed.contains(current) {
        cursor.skipChildren()
        continue
      }
      for build in edits.before[current] ?? [] { build(&copy, parent) }
      if let build = edits.replaced[current] {
        build(&copy, parent)
        cursor.skipChildren()
        continue
      }
      var inner = parent
      for wrapper in edits.wrappers[current] ?? [] {
        inner = copy.appendElement(
          lowercasedName: wrapper.name, attributes: wrapper.attributes, to: inner)
      }
      if isText {
        if let text = edits.texts[current] {
          copy.appendText(text, to: inner)
        } else {
          copy.appendCopy(of: records[current], to: inner)
        }
        cursor.skipChildren()
        continue
      }
      var record = records[current]
      if let name = edits.renamed[current] { record.name = copy.intern(name) }
      let element = copy.appendCopy(of: record, to: inner)!
      for (name, value) in edits.attributes[current] ?? [] {
        copy.setAttribute(name, to: value, of: element)
      }
      for build in edits.atStart[current] ?? [] { build(&copy, element) }
      open.append(element)
    }
    for build in edits.atEnd[root] ?? [] { build(&copy, copy.root) }
    return copy
  }
}
