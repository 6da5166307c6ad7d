internal import CMyHTML
import RenderCore

/// MyHTML's HTML5 tree builder, the one Swift file that talks to C: one single-threaded parse
/// per document, then one iterative walk of MyHTML's tree into a ``Document``.
///
/// MyHTML runs in its single mode: its default mode starts parser threads, which a worker
/// process under a deadline and a memory cap must not have. It allocates with `malloc` and has
/// no allocator or abort hook; when an allocation fails it returns an error status, which
/// becomes ``RenderError/importFailed(_:)``. Its tree lives in object pools that are released
/// whole, so freeing it needs no walk and no call stack at any depth.
package enum MyHTMLParser {
  /// MyHTML's version as the library reports it (Debian 12's `libmodest-dev`).
  package static let libraryVersion: String = {
    let version = myhtml_version()
    return "\(version.major).\(version.minor).\(version.patch)"
  }()

  /// Parses UTF-8 `html` (MyHTML replaces invalid sequences with U+FFFD itself) into a
  /// document.
  ///
  /// With a `context` (an element name, and `"svg"` or `"math"` for foreign ones), `html` is
  /// parsed as that element's content, as `innerHTML` is, and the document holds that content
  /// under the root. `parsed` is called between MyHTML's parse and the walk.
  package static func parse(
    _ html: UnsafeBufferPointer<UInt8>, limits: HTMLImportLimits,
    context: (name: String, namespace: String?)? = nil, parsed: () -> Void = {}
  ) throws(RenderError) -> Document {
    guard let parser = myhtml_create() else { throw outOfMemory(html.count) }
    defer { myhtml_destroy(parser) }
    guard myhtml_init(parser, MyHTML_OPTIONS_PARSE_MODE_SINGLE, 1, 0) == 0,
      let tree = myhtml_tree_create()
    else { throw outOfMemory(html.count) }
    defer { myhtml_tree_destroy(tree) }
    guard myhtml_tree_init(tree, parser) == 0 else { throw outOfMemory(html.count) }
    myhtml_tree_parse_flags_set(tree, MyHTML_TREE_PARSE_FLAGS_WITHOUT_DOCTYPE_IN_TREE)
    let status = html.withMemoryRebound(to: CChar.self) { text in
      let base = text.baseAddress ?? UnsafePointer(bitPattern: 1)
      guard let context else {
        return myhtml_parse(tree, MyENCODING_UTF_8, base, text.count)
      }
      let tag = context.name.withCString { name in
        myhtml_tag_id_by_name(tree, name, strlen(name))
      }
      let namespace =
        switch context.namespace {
        case "svg": MyHTML_NAMESPACE_SVG
        case "math": MyHTML_NAMESPACE_MATHML
        default: MyHTML_NAMESPACE_HTML
        }
      return myhtml_parse_fragment(
        tree, MyENCODING_UTF_8, base, text.count, tag, myhtml_namespace_t(namespace.rawValue))
    }
    guard status == 0 else { throw outOfMemory(html.count) }
    parsed()
    // A fragment's nodes are the children of the `html` element MyHTML puts around them.
    let top = context == nil ? myhtml_tree_get_document(tree) : myhtml_tree_get_node_html(tree)
    return try build(from: top!, in: tree, limits: limits)
  }

  private static func outOfMemory(_ count: Int) -> RenderError {
    .importFailed("out of memory while parsing \(count) bytes of HTML with MyHTML")
  }

  // MARK: Tree walk

  /// Copies MyHTML's tree below `top` into a document in document order, with a stack of the
  /// open elements' counterparts: no recursion at any depth.
  private static func build(
    from top: OpaquePointer, in tree: OpaquePointer, limits: HTMLImportLimits
  ) throws(RenderError) -> Document {
    var document = Document()
    // Sized once: growing the node array by doubling would copy it and touch fresh pages
    // several times over.
    document.reserveCapacity(min(nodeCount(below: top), limits.maximumNodes) + 1)
    var names = TagNames(tree: tree)
    var open = [document.root]
    var current = myhtml_node_child(top)
    while let node = current {
      let tag = myhtml_node_tag_id(node)
      switch tag {
      case myhtml_tag_id_t(MyHTML_TAG__TEXT.rawValue):
        var length = 0
        if let text = myhtml_node_text(node, &length), length > 0 {
          text.withMemoryRebound(to: UInt8.self, capacity: length) {
            document.appendText(
              repairing: UnsafeBufferPointer(start: $0, count: length), to: open[open.count - 1])
          }
          try checkNodeCount(document, limits: limits)
        }
      case myhtml_tag_id_t(MyHTML_TAG__COMMENT.rawValue),
        myhtml_tag_id_t(MyHTML_TAG__DOCTYPE.rawValue), myhtml_tag_id_t(MyHTML_TAG__UNDEF.rawValue):
        // Comments and the document type are not part of the element tree.
        break
      default:
        guard open.count <= limits.maximumDepth else {
          throw .limitExceeded(
            limit: "HTML nesting depth", value: open.count, maximum: limits.maximumDepth)
        }
        let id = document.appendElement(
          names.name(of: tag, in: &document), to: open[open.count - 1])
        appendAttributes(of: node, to: id, in: &document)
        try checkNodeCount(document, limits: limits)
        // Template content is the template's children in MyHTML's tree, as the walk keeps it.
        if let child = myhtml_node_child(node) {
          open.append(id)
          current = child
          continue
        }
      }
      let (next, levelsUp) = following(node, below: top)
      open.removeLast(levelsUp)
      current = next
    }
    return document
  }

  /// The node after `node`'s subtree in document order, staying below `top`, and how many
  /// ancestors were left to reach it.
  private static func following(
    _ node: OpaquePointer, below top: OpaquePointer
  ) -> (next: OpaquePointer?, levelsUp: Int) {
    var node = node
    var levelsUp = 0
    while true {
      if let next = myhtml_node_next(node) { return (next, levelsUp) }
      guard let parent = myhtml_node_parent(node), parent != top else { return (nil, levelsUp) }
      levelsUp += 1
      node = parent
    }
  }

  /// How many nodes the walk may append below `top`: elements and text, at most (text runs
  /// that comments separate merge into one).
  private static func nodeCount(below top: OpaquePointer) -> Int {
    var count = 0
    var current = myhtml_node_child(top)
    while let node = current {
      switch myhtml_node_tag_id(node) {
      case myhtml_tag_id_t(MyHTML_TAG__COMMENT.rawValue),
        myhtml_tag_id_t(MyHTML_TAG__DOCTYPE.rawValue), myhtml_tag_id_t(MyHTML_TAG__UNDEF.rawValue):
        break
      default: count += 1
      }
      if let child = myhtml_node_child(node) {
        current = child
      } else {
        current = following(node, below: top).next
      }
    }
    return count
  }

  private static func checkNodeCount(
    _ document: Document, limits: HTMLImportLimits
  ) throws(RenderError) {
    let count = document.nodeCount - 1
    guard count <= limits.maximumNodes else {
      throw .limitExceeded(limit: "HTML node count", value: count, maximum: limits.maximumNodes)
    }
  }

  /// Appends the attributes of `node` to the element `id`, values as MyHTML's bytes.
  private static func appendAttributes(
    of node: OpaquePointer, to id: Document.NodeID, in document: inout Document
  ) {
    guard var attribute = myhtml_node_attribute_first(node) else { return }
    while true {
      var length = 0
      // MyHTML keeps SVG's adjusted names in their case (`viewBox`).
      var name = myhtml_attribute_key(attribute, &length).map { string($0, length) } ?? ""
      if name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
        name = name.lowercased()
      }
      switch myhtml_attribute_namespace(attribute) {
      case myhtml_namespace_t(MyHTML_NAMESPACE_XLINK.rawValue): name = "xlink:" + name
      case myhtml_namespace_t(MyHTML_NAMESPACE_XML.rawValue): name = "xml:" + name
      case myhtml_namespace_t(MyHTML_NAMESPACE_XMLNS.rawValue) where name != "xmlns":
        name = "xmlns:" + name
      default: break
      }
      let number = document.intern(name)
      if let value = myhtml_attribute_value(attribute, &length), length > 0 {
        value.withMemoryRebound(to: UInt8.self, capacity: length) {
          document.appendAttribute(
            number, repairing: UnsafeBufferPointer(start: $0, count: length), to: id)
        }
      } else {
        document.appendAttribute(number, value: EmptyCollection(), to: id)
      }
      guard let next = myhtml_attribute_next(attribute) else { return }
      attribute = next
    }
  }

  /// `length` bytes of MyHTML's valid UTF-8.
  private static func string(_ text: UnsafePointer<CChar>, _ length: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
  }

  /// Element names by MyHTML's tag id, lower-case, each made into a `String` once: the static
  /// table's ids once per process, ids of elements MyHTML does not know once per parse.
  private struct TagNames {
    private static let known: [String] = {
      // The table of known ids is the same in every tree; one empty tree reads it.
      guard let parser = myhtml_create() else { return [] }
      defer { myhtml_destroy(parser) }
      guard myhtml_init(parser, MyHTML_OPTIONS_PARSE_MODE_SINGLE, 1, 0) == 0,
        let tree = myhtml_tree_create()
      else { return [] }
      defer { myhtml_tree_destroy(tree) }
      guard myhtml_tree_init(tree, parser) == 0 else { return [] }
      return (0..<Int(MyHTML_TAG_LAST_ENTRY.rawValue)).map { id in
        lookUp(myhtml_tag_id_t(id), in: tree)
      }
    }()

    private let tree: OpaquePointer
    private var custom: [myhtml_tag_id_t: String] = [:]
    /// The document's number of each tag id met so far.
    private var numbers: [myhtml_tag_id_t: DocumentName] = [:]
    private var knownNumbers: [DocumentName?] = Array(repeating: nil, count: known.count)

    init(tree: OpaquePointer) {
      self.tree = tree
    }

    /// The number `document` gives the element name of `tag`.
    mutating func name(of tag: myhtml_tag_id_t, in document: inout Document) -> DocumentName {
      if tag < Self.known.count {
        if let number = knownNumbers[Int(tag)] { return number }
        let number = document.intern(Self.known[Int(tag)])
        knownNumbers[Int(tag)] = number
        return number
      }
      if let number = numbers[tag] { return number }
      let number = document.intern(name(of: tag))
      numbers[tag] = number
      return number
    }

    mutating func name(of tag: myhtml_tag_id_t) -> String {
      if tag < Self.known.count { return Self.known[Int(tag)] }
      if let name = custom[tag] { return name }
      let name = Self.lookUp(tag, in: tree)
      custom[tag] = name
      return name
    }

    private static func lookUp(_ tag: myhtml_tag_id_t, in tree: OpaquePointer) -> String {
      var length = 0
      guard let name = myhtml_tag_name_by_id(tree, tag, &length), length > 0 else {
        return "unknown"
      }
      // SVG's names keep their case in MyHTML (`foreignObject`); the Document's are lower-case.
      return string(name, length).lowercased()
    }
  }
}
