/// An HTML element tree: what HTML import produces and what the cascade styles.
///
/// Nodes live in flat arrays and refer to each other by 32-bit index, so building, walking and
/// styling a document never recurses: a 100,000-deep tree is as safe as a flat one. A node is
/// a fixed-size record (kind, interned name, links, a range of one attribute table, a byte
/// range of one UTF-8 buffer): building one allocates nothing of its own, and names compare as
/// numbers (`DocumentName`). `nodes` materialises a `DocumentNode` on demand (the slow
/// path); the id-based accessors (`kind(of:)`, `name(of:)`, `text(of:)`,
/// `attribute(_:of:)`, `parent(of:)`...) read the records in place.
/// Node 0 is the root, an element named `#document`.
///
/// ```swift
/// var document = Document()
/// let paragraph = document.appendElement("p", attributes: [.init(name: "class", value: "lead")], to: document.root)
/// document.appendText("Hello", to: paragraph)
/// document.textContent(of: document.root)  // "Hello"
/// ```
public struct Document: Sendable {
  /// Identifies a node in its document.
  public typealias NodeID = Int

  /// One node's record: every link is a node number, ``none`` for none.
  package struct Record: Sendable {
    /// The node's name; ``DocumentName/text`` for text.
    package var name: DocumentName
    package var parent: UInt32
    package var firstChild: UInt32
    package var lastChild: UInt32
    package var nextSibling: UInt32
    package var previousSibling: UInt32
    /// The node's attributes: `attributeCount` records of ``Document/attributeTable`` from
    /// `attributeStart`.
    package var attributeStart: UInt32 = 0
    package var attributeCount: UInt32 = 0
    /// The text of a text node: `textCount` bytes of ``Document/bytes`` from `textStart`.
    package var textStart: UInt32 = 0
    package var textCount: UInt32 = 0

    /// Element or text.
    package var kind: DocumentNode.Kind { name == .text ? .text : .element }
  }

  /// One attribute: its interned name and its value as a byte range of ``Document/bytes``.
  package struct AttributeRecord: Sendable, Equatable {
    package var name: DocumentName
    package var valueStart: UInt32
    package var valueCount: UInt32
  }

  /// What stands for no node in a record's link.
  package static let none = UInt32.max

  /// The root node (an element named `#document`).
  public let root: NodeID = 0
  /// Every node's record, in document order (a parent always precedes its children).
  package private(set) var records: [Record]
  /// Every node's attributes, each node's a contiguous run.
  package private(set) var attributeTable: [AttributeRecord] = []
  /// The text of every text node and the value of every attribute, UTF-8 (valid: it is only
  /// ever appended from strings or from bytes checked or known to be valid).
  package private(set) var bytes: [UInt8] = []
  /// The names the document uses.
  package private(set) var names = DocumentNameTable()
  /// What the document says about itself: its front matter's top-level entries (empty when it
  /// has none). A `title` string here is the page title.
  public var metadata: [String: MetadataValue] = [:]

  /// Creates a document holding only the root.
  public init() {
    records = [
      Record(
        name: .document, parent: Self.none, firstChild: Self.none, lastChild: Self.none,
        nextSibling: Self.none, previousSibling: Self.none)
    ]
  }

  /// Makes room for `count` nodes in all, so a builder that knows the size up front (HTML
  /// import) grows the node array once instead of copying it as it doubles.
  ///
  /// A large array is backed by huge pages where the kernel allows them.
  package mutating func reserveCapacity(_ count: Int) {
    records.reserveCapacity(count)
    let bytes = records.capacity * MemoryLayout<Record>.stride
    records.withUnsafeMutableBufferPointer { storage in
      if let base = storage.baseAddress { HugePages.advise(base, count: bytes) }
    }
  }

  // MARK: The fast accessors: by id, nothing materialised.

  /// How many nodes the document has, the root included.
  package var nodeCount: Int { records.count }

  /// Element or text.
  package func kind(of node: NodeID) -> DocumentNode.Kind { records[node].kind }

  /// The interned name of `node` (``DocumentName/text`` for text).
  package func nameID(of node: NodeID) -> DocumentName { records[node].name }

  /// The lower-cased tag name of `node`; empty for text.
  package func name(of node: NodeID) -> String {
    let name = records[node].name
    return name == .text ? "" : names[name]
  }

  /// The text of a text node (empty for an element), made on demand.
  package func text(of node: NodeID) -> String {
    let record = records[node]
    guard record.textCount > 0 else { return "" }
    let start = Int(record.textStart)
    return bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[start..<start + Int(record.textCount)]),
        as: UTF8.self)
    }
  }

  /// The bytes of a text node's text in ``bytes``.
  package func textRange(of node: NodeID) -> Range<Int> {
    let record = records[node]
    return Int(record.textStart)..<Int(record.textStart) + Int(record.textCount)
  }

  /// Whether the text of `node` is empty or starts with `byte`.
  package func text(of node: NodeID, startsWith byte: UInt8) -> Bool {
    let record = records[node]
    return record.textCount > 0 && bytes[Int(record.textStart)] == byte
  }

  /// The parent of `node`; nil only for the root.
  package func parent(of node: NodeID) -> NodeID? { link(records[node].parent) }
  /// The first child of `node`.
  package func firstChild(of node: NodeID) -> NodeID? { link(records[node].firstChild) }
  /// The last child of `node`.
  package func lastChild(of node: NodeID) -> NodeID? { link(records[node].lastChild) }
  /// The next sibling of `node`.
  package func nextSibling(of node: NodeID) -> NodeID? { link(records[node].nextSibling) }
  /// The previous sibling of `node`.
  package func previousSibling(of node: NodeID) -> NodeID? {
    link(records[node].previousSibling)
  }

  @inline(__always)
  private func link(_ value: UInt32) -> NodeID? { value == Self.none ? nil : Int(value) }

  /// The attribute records of `node`, in source order.
  package func attributeRecords(of node: NodeID) -> ArraySlice<AttributeRecord> {
    let record = records[node]
    let start = Int(record.attributeStart)
    return attributeTable[start..<start + Int(record.attributeCount)]
  }

  /// The value of an attribute record, made on demand.
  package func value(of attribute: AttributeRecord) -> String {
    guard attribute.valueCount > 0 else { return "" }
    let start = Int(attribute.valueStart)
    return bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[start..<start + Int(attribute.valueCount)]),
        as: UTF8.self)
    }
  }

  /// The value of the first attribute named `name` of `node`, if present.
  package func attribute(_ name: DocumentName, of node: NodeID) -> String? {
    for attribute in attributeRecords(of: node) where attribute.name == name {
      return value(of: attribute)
    }
    return nil
  }

  /// The value of the first attribute named `name` (lower-case) of `node`, if present.
  package func attribute(_ name: String, of node: NodeID) -> String? {
    guard let number = names.number(of: name) else { return nil }
    return attribute(number, of: node)
  }

  /// The classes of `node`, split on ASCII whitespace.
  package func classes(of node: NodeID) -> [Substring] {
    attribute(.class, of: node)?.split(whereSeparator: {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}"
    }) ?? []
  }

  /// The attributes of `node`, in source order, made on demand.
  package func attributes(of node: NodeID) -> [DocumentNode.Attribute] {
    attributeRecords(of: node).map {
      DocumentNode.Attribute(lowercasedName: names[$0.name], value: value(of: $0))
    }
  }

  // MARK: The slow path: nodes as values.

  /// All nodes, in document order (a parent always precedes its children), each made as a
  /// ``DocumentNode`` value when read.
  ///
  /// This is the slow path: reading a node builds its name, attributes and text as strings.
  /// Code that visits many nodes reads the id-based accessors instead.
  public var nodes: Nodes { Nodes(document: self) }

  /// The nodes of a document as values, made on demand (the slow path: see ``Document/nodes``).
  public struct Nodes: RandomAccessCollection, Sendable {
    fileprivate let document: Document
    /// The root's id, 0.
    public var startIndex: Int { 0 }
    /// The number of nodes.
    public var endIndex: Int { document.records.count }
    /// The next node id.
    public func index(after index: Int) -> Int { index + 1 }
    /// The previous node id.
    public func index(before index: Int) -> Int { index - 1 }
    /// Every node id, the root's included.
    public var indices: Range<Int> { 0..<document.records.count }
    /// The node `position`, made as a value.
    public subscript(position: Int) -> DocumentNode { document.node(position) }
  }

  /// The node `id` as a value (the slow path).
  package func node(_ id: NodeID) -> DocumentNode {
    let record = records[id]
    var node = DocumentNode(kind: record.kind, name: name(of: id), parent: link(record.parent))
    if record.attributeCount > 0 { node.attributes = attributes(of: id) }
    if record.textCount > 0 { node.text = text(of: id) }
    node.firstChild = link(record.firstChild)
    node.lastChild = link(record.lastChild)
    node.nextSibling = link(record.nextSibling)
    node.previousSibling = link(record.previousSibling)
    return node
  }

  // MARK: Building.

  /// Adds an element as the last child of `parent` and returns it. `name` is stored lower-cased.
  @discardableResult
  public mutating func appendElement(
    _ name: String, attributes: [DocumentNode.Attribute] = [], to parent: NodeID
  ) -> NodeID {
    appendElement(lowercasedName: name.lowercased(), attributes: attributes, to: parent)
  }

  /// Adds an element whose name is already lower-case (builders that know their names).
  @discardableResult
  package mutating func appendElement(
    lowercasedName name: String, attributes: [DocumentNode.Attribute] = [], to parent: NodeID
  ) -> NodeID {
    let id = appendElement(names.intern(name), to: parent)
    if !attributes.isEmpty { setAttributes(attributes, of: id) }
    return id
  }

  /// Adds an element by its interned name, without attributes.
  @discardableResult
  package mutating func appendElement(_ name: DocumentName, to parent: NodeID) -> NodeID {
    append(
      Record(
        name: name, parent: UInt32(parent), firstChild: Self.none, lastChild: Self.none,
        nextSibling: Self.none, previousSibling: Self.none), to: parent)
  }

  /// Adds an attribute to the element `node`, which must be the last node with attributes
  /// (a builder's element it has just appended): the one way to build attributes without
  /// strings of their own.
  package mutating func appendAttribute(
    _ name: DocumentName, value: some Collection<UInt8>, to node: NodeID
  ) {
    if records[node].attributeCount == 0 {
      records[node].attributeStart = UInt32(attributeTable.count)
    }
    precondition(
      Int(records[node].attributeStart + records[node].attributeCount) == attributeTable.count,
      "attributes are appended to the last element that has any")
    let start = bytes.count
    bytes.append(contentsOf: value)
    attributeTable.append(
      AttributeRecord(
        name: name, valueStart: UInt32(start), valueCount: UInt32(bytes.count - start)))
    records[node].attributeCount += 1
  }

  /// Interns a lower-cased name.
  package mutating func intern(_ name: String) -> DocumentName { names.intern(name) }

  /// Adds text as the last child of `parent`, merging it into a preceding text sibling.
  public mutating func appendText(_ text: String, to parent: NodeID) {
    guard !text.isEmpty else { return }
    var text = text
    text.withUTF8 { appendText(utf8: $0, to: parent) }
  }

  /// Adds UTF-8 from a parser as text, as ``appendText(_:to:)`` does: checked once, in bytes
  /// (a word of ASCII at a time), and only ill-formed input decoded, its ill-formed sequences
  /// replaced by U+FFFD as `String(decoding:as:)` replaces them.
  package mutating func appendText(repairing text: UnsafeBufferPointer<UInt8>, to parent: NodeID) {
    if MarkdownInput.isWellFormedUTF8(text) {
      appendText(utf8: text, to: parent)
    } else {
      appendText(String(decoding: text, as: UTF8.self), to: parent)
    }
  }

  /// Adds an attribute whose value is UTF-8 from a parser, repaired as
  /// ``appendText(repairing:to:)`` repairs text (see ``appendAttribute(_:value:to:)``).
  package mutating func appendAttribute(
    _ name: DocumentName, repairing value: UnsafeBufferPointer<UInt8>, to node: NodeID
  ) {
    if MarkdownInput.isWellFormedUTF8(value) {
      appendAttribute(name, value: value, to: node)
    } else {
      appendAttribute(name, value: String(decoding: value, as: UTF8.self).utf8, to: node)
    }
  }

  /// Adds valid UTF-8 as text, as ``appendText(_:to:)`` does.
  package mutating func appendText(utf8 text: UnsafeBufferPointer<UInt8>, to parent: NodeID) {
    guard !text.isEmpty else { return }
    let last = records[parent].lastChild
    if last != Self.none, records[Int(last)].name == .text {
      let record = records[Int(last)]
      if Int(record.textStart + record.textCount) != bytes.count {
        // Not at the end of the buffer: move it there, so it can grow in place.
        let start = Int(record.textStart)
        bytes.reserveCapacity(bytes.count + Int(record.textCount) + text.count)
        for index in start..<start + Int(record.textCount) { bytes.append(bytes[index]) }
        records[Int(last)].textStart = UInt32(bytes.count - Int(record.textCount))
      }
      bytes.append(contentsOf: text)
      records[Int(last)].textCount += UInt32(text.count)
      return
    }
    let start = bytes.count
    bytes.append(contentsOf: text)
    var record = Record(
      name: .text, parent: UInt32(parent), firstChild: Self.none, lastChild: Self.none,
      nextSibling: Self.none, previousSibling: Self.none)
    record.textStart = UInt32(start)
    record.textCount = UInt32(text.count)
    append(record, to: parent)
  }

  /// Sets the attribute `name` of the element `node` to `value`, replacing the first of that
  /// name (and dropping any later duplicate); nil removes it. What a ``DocumentPass`` changes
  /// links, ids and classes with.
  public mutating func setAttribute(_ name: String, to value: String?, of node: NodeID) {
    precondition(records[node].kind == .element, "only elements have attributes")
    let name = name.lowercased()
    var attributes = attributes(of: node)
    let first = attributes.firstIndex { $0.name == name }
    attributes.removeAll { $0.name == name }
    if let value {
      attributes.insert(
        DocumentNode.Attribute(lowercasedName: name, value: value),
        at: min(first ?? attributes.count, attributes.count))
    }
    setAttributes(attributes, of: node)
  }

  /// Replaces the attributes of `node` by `attributes` (written at the end of the table).
  private mutating func setAttributes(_ attributes: [DocumentNode.Attribute], of node: NodeID) {
    records[node].attributeStart = UInt32(attributeTable.count)
    records[node].attributeCount = 0
    for attribute in attributes {
      let name = names.intern(attribute.name)
      var value = attribute.value
      value.withUTF8 { appendAttribute(name, value: $0, to: node) }
    }
  }

  /// Starts with the names of `other`, so that copying its nodes keeps their numbers.
  package mutating func adoptNames(of other: Document) {
    precondition(records.count == 1, "names are adopted before any node is added")
    names = other.names
  }

  /// Makes room for `count` bytes of text and attribute values.
  package mutating func reserveBytes(_ count: Int) { bytes.reserveCapacity(count) }

  /// Appends the text of the text node `node` of `other`, whose names this document adopted.
  package mutating func copyText(of node: NodeID, from other: Document, to parent: NodeID) {
    other.bytes.withUnsafeBufferPointer {
      appendText(utf8: UnsafeBufferPointer(rebasing: $0[other.textRange(of: node)]), to: parent)
    }
  }

  /// Appends the attributes of `node` of `other` (whose names this document adopted) to
  /// `element`, which must be the last element with attributes.
  package mutating func copyAttributes(
    of node: NodeID, from other: Document, to element: NodeID
  ) {
    for attribute in other.attributeRecords(of: node) {
      let start = Int(attribute.valueStart)
      appendAttribute(
        attribute.name, value: other.bytes[start..<start + Int(attribute.valueCount)],
        to: element)
    }
  }

  /// A copy of the document in which each node of `replaced` (with everything inside it) is
  /// left out, and `replace` appends what stands for it to the copy's parent instead:
  /// `replace(node, &copy, parent)`. Nodes cannot move in place, so a pass that swaps
  /// elements (a formula for its source) writes a copy.
  public func replacing(
    _ replaced: Set<NodeID>, with replace: (NodeID, inout Document, NodeID) -> Void
  ) -> Document {
    var marked = [Bool](repeating: false, count: records.count)
    for node in replaced { marked[node] = true }
    var copy = sharingStorage()
    // The copy of each element entered, innermost last.
    var open: [NodeID] = [copy.root]
    var cursor = Cursor(below: root)
    while let (current, entering) = cursor.next(in: self) {
      guard entering else {
        open.removeLast()
        continue
      }
      if marked[current] {
        replace(current, &copy, open[open.count - 1])
        cursor.skipChildren()
        continue
      }
      let element = copy.appendCopy(of: records[current], to: open[open.count - 1])
      if let element, records[current].name != .text {
        open.append(element)
      } else {
        cursor.skipChildren()
      }
    }
    return copy
  }

  /// An empty document (but its root) that shares this one's names, metadata, text bytes and
  /// attribute table, so that ``appendCopy(of:to:)`` copies a node's record and nothing else:
  /// a copy of the tree moves no byte of text.
  package func sharingStorage() -> Document {
    var copy = Document()
    copy.metadata = metadata
    copy.names = names
    copy.bytes = bytes
    copy.attributeTable = attributeTable
    copy.records.reserveCapacity(records.count)
    return copy
  }

  /// Appends a node of a document this one shares its storage with (``sharingStorage()``):
  /// its name, attributes and text as they are, its links new. A text merges into a text
  /// before it, as ``appendText(_:to:)`` merges; the node that holds it is returned, nil for
  /// empty text.
  @discardableResult
  package mutating func appendCopy(of record: Record, to parent: NodeID) -> NodeID? {
    if record.name == .text {
      // Empty text is no node, as ``appendText(_:to:)`` has it.
      if record.textCount == 0 { return nil }
      let last = records[parent].lastChild
      if last != Self.none, records[Int(last)].name == .text {
        let start = Int(record.textStart)
        let text = bytes[start..<start + Int(record.textCount)]
        text.withUnsafeBufferPointer { appendText(utf8: $0, to: parent) }
        return Int(last)
      }
    }
    var copied = record
    copied.parent = UInt32(parent)
    copied.firstChild = Self.none
    copied.lastChild = Self.none
    copied.nextSibling = Self.none
    copied.previousSibling = Self.none
    return append(copied, to: parent)
  }

  /// Gives the text node `node` the text `text`, in place: the new bytes go to the end of the
  /// buffer and the node points at them, so no other node moves.
  package mutating func setText(_ text: String, of node: NodeID) {
    precondition(records[node].name == .text, "only text nodes have text")
    let start = bytes.count
    bytes.append(contentsOf: text.utf8)
    records[node].textStart = UInt32(start)
    records[node].textCount = UInt32(bytes.count - start)
  }

  /// Reads the document's storage in place: every record, the attribute table and the bytes,
  /// for a pass that visits every node (a loop over records costs a few instructions a node,
  /// where an accessor call costs a call).
  package func withStorage<Result>(
    _ body: (Storage) throws -> Result
  ) rethrows -> Result {
    try records.withUnsafeBufferPointer { records in
      try attributeTable.withUnsafeBufferPointer { attributes in
        try bytes.withUnsafeBufferPointer { bytes in
          try body(Storage(records: records, attributes: attributes, bytes: bytes))
        }
      }
    }
  }

  /// A document's storage, read in place (``withStorage(_:)``).
  package struct Storage {
    /// Every node's record, by id.
    package let records: UnsafeBufferPointer<Record>
    /// The attribute table.
    package let attributes: UnsafeBufferPointer<AttributeRecord>
    /// Text and attribute values.
    package let bytes: UnsafeBufferPointer<UInt8>

    /// The text of a text node, in place.
    package func text(of node: NodeID) -> UnsafeBufferPointer<UInt8> {
      let record = records[node]
      return UnsafeBufferPointer(
        rebasing: bytes[Int(record.textStart)..<Int(record.textStart) + Int(record.textCount)])
    }

    /// The value of an attribute, in place.
    package func value(of attribute: AttributeRecord) -> UnsafeBufferPointer<UInt8> {
      let start = Int(attribute.valueStart)
      return UnsafeBufferPointer(rebasing: bytes[start..<start + Int(attribute.valueCount)])
    }

    /// The first attribute named `name` of `node`, if any.
    package func attribute(_ name: DocumentName, of node: NodeID) -> AttributeRecord? {
      let record = records[node]
      let start = Int(record.attributeStart)
      for index in start..<start + Int(record.attributeCount) where attributes[index].name == name {
        return attributes[index]
      }
      return nil
    }
  }

  /// The walk of ``walk(below:enter:leave:)`` as a loop, for code that visits every node
  /// without a closure call a node: `next(in:)` gives each node below the start once entering
  /// it and, for a node whose children it went into, once leaving it.
  ///
  /// ```swift
  /// var cursor = Document.Cursor(below: document.root)
  /// while let (node, entering) = cursor.next(in: document) {
  ///   if entering, document.kind(of: node) == .text { cursor.skipChildren() }
  /// }
  /// ```
  package struct Cursor {
    private enum State {
      case start
      case entered(UInt32)
      case left(UInt32)
      case done
    }
    private let top: UInt32
    private var state = State.start
    /// Whether the node last entered is passed over without going inside it.
    private var skipping = false

    /// A cursor over everything below `node`.
    package init(below node: NodeID) { top = UInt32(node) }

    /// Does not go into the node just entered: it is not left either.
    package mutating func skipChildren() { skipping = true }

    /// The next node, and whether it is entered (else left); nil at the end.
    package mutating func next(in document: Document) -> (NodeID, entering: Bool)? {
      document.records.withUnsafeBufferPointer { next(records: $0) }
    }

    /// ``next(in:)`` over a document's records (``Storage/records``).
    package mutating func next(
      records: UnsafeBufferPointer<Record>
    ) -> (NodeID, entering: Bool)? {
      let none = Document.none
      let position: UInt32
      switch state {
      case .done: return nil
      case .start:
        let child = records[Int(top)].firstChild
        guard child != none else {
          state = .done
          return nil
        }
        state = .entered(child)
        return (Int(child), true)
      case .entered(let node):
        if skipping {
          skipping = false
        } else {
          let child = records[Int(node)].firstChild
          if child != none {
            state = .entered(child)
            return (Int(child), true)
          }
          // Gone into, and nothing inside: left at once.
          state = .left(node)
          return (Int(node), false)
        }
        position = node
      case .left(let node): position = node
      }
      // On to the next sibling, or up, leaving the parent whose children are all visited.
      let sibling = records[Int(position)].nextSibling
      if sibling != none {
        state = .entered(sibling)
        return (Int(sibling), true)
      }
      let parent = records[Int(position)].parent
      guard parent != none, parent != top else {
        state = .done
        return nil
      }
      state = .left(parent)
      return (Int(parent), false)
    }
  }

  /// The children of `node`, in order.
  public func children(of node: NodeID) -> [NodeID] {
    var result: [NodeID] = []
    var child = firstChild(of: node)
    while let current = child {
      result.append(current)
      child = nextSibling(of: current)
    }
    return result
  }

  /// All text below `node`, concatenated in document order (no styling, nothing hidden).
  public func textContent(of node: NodeID) -> String {
    if records[node].name == .text { return text(of: node) }
    var text: [UInt8] = []
    withStorage { storage in
      var cursor = Cursor(below: node)
      while let (id, entering) = cursor.next(records: storage.records) {
        guard entering, storage.records[id].name == .text else { continue }
        text.append(contentsOf: storage.text(of: id))
        cursor.skipChildren()
      }
    }
    return String(decoding: text, as: UTF8.self)
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
  ///     guard document.kind(of: id) != .text else { return false }
  ///     output += "<\(document.name(of: id))>"
  ///     return true
  ///   },
  ///   leave: { id in output += "</\(document.name(of: id))>" })
  /// ```
  package func walk(
    below node: NodeID, enter: (NodeID) -> Bool, leave: (NodeID) -> Void
  ) {
    let none = Self.none
    var next = records[node].firstChild
    while next != none {
      let current = Int(next)
      if enter(current) {
        let child = records[current].firstChild
        if child != none {
          next = child
          continue
        }
        leave(current)
      }
      // On to the next sibling, or up, leaving each node whose children are all visited.
      var position = current
      next = none
      while true {
        let sibling = records[position].nextSibling
        if sibling != none {
          next = sibling
          break
        }
        let parent = records[position].parent
        guard parent != none, Int(parent) != node else { break }
        leave(Int(parent))
        position = Int(parent)
      }
    }
  }

  @discardableResult
  private mutating func append(_ record: Record, to parent: NodeID) -> NodeID {
    let id = records.count
    precondition(id < Int(Self.none), "a document holds fewer than 2^32 - 1 nodes")
    records.append(record)
    let last = records[parent].lastChild
    if last != Self.none {
      records[Int(last)].nextSibling = UInt32(id)
      records[id].previousSibling = last
    } else {
      records[parent].firstChild = UInt32(id)
    }
    records[parent].lastChild = UInt32(id)
    return id
  }
}

extension Document: Hashable {
  /// Two documents are equal when their trees are: the same nodes (names, attributes, text)
  /// linked the same way, and the same metadata. How the storage was filled does not count.
  public static func == (lhs: Document, rhs: Document) -> Bool {
    guard lhs.records.count == rhs.records.count, lhs.metadata == rhs.metadata else {
      return false
    }
    for id in lhs.records.indices {
      let left = lhs.records[id]
      let right = rhs.records[id]
      guard left.parent == right.parent, left.firstChild == right.firstChild,
        left.lastChild == right.lastChild, left.nextSibling == right.nextSibling,
        left.previousSibling == right.previousSibling,
        left.attributeCount == right.attributeCount,
        lhs.name(of: id) == rhs.name(of: id),
        lhs.bytes[lhs.textRange(of: id)].elementsEqual(rhs.bytes[rhs.textRange(of: id)]),
        left.attributeCount == 0 || lhs.attributes(of: id) == rhs.attributes(of: id)
      else { return false }
    }
    return true
  }

  /// Hashes the tree as ``==`` compares it (structure, names and text).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(records.count)
    hasher.combine(metadata)
    for id in records.indices {
      hasher.combine(records[id].parent)
      hasher.combine(name(of: id))
      for byte in bytes[textRange(of: id)] { hasher.combine(byte) }
    }
  }
}
