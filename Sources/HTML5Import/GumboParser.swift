internal import CGumbo
import RenderCore

#if canImport(Glibc)
  import Glibc
#endif

/// gumbo's HTML5 tree builder, the one Swift file that talks to C: one `gumbo_parse_with_options`
/// per document, then one iterative walk of gumbo's tree into a ``Document``.
///
/// gumbo allocates through an arena here (`GumboOptions.allocator`): its own
/// `gumbo_destroy_output` frees the tree recursively (a 100,000-deep document would need
/// megabytes of call stack), while dropping the arena frees everything without a walk.
package enum GumboParser {
  /// The library version (gumbo has no run-time version call; Debian 12's `libgumbo-dev`).
  package static let libraryVersion = "0.10.1"

  /// Parses UTF-8 `html` (gumbo replaces invalid sequences with U+FFFD itself) into a document.
  ///
  /// With a `context` (an element name, and `"svg"` or `"math"` for foreign ones), `html` is
  /// parsed as that element's content, as `innerHTML` is, and the document holds that content
  /// under the root. `parsed` is called between gumbo's parse and the walk.
  package static func parse(
    _ html: UnsafeBufferPointer<UInt8>, limits: HTMLImportLimits,
    context: (name: String, namespace: String?)? = nil, parsed: () -> Void = {}
  ) throws(RenderError) -> Document {
    // gumbo keeps offsets in 32-bit fields.
    guard html.count < Int(UInt32.max) else {
      throw .limitExceeded(
        limit: "gumbo input size in bytes", value: html.count, maximum: Int(UInt32.max) - 1)
    }
    let arena = UnsafeMutablePointer<GumboArena>.allocate(capacity: 1)
    // gumbo's tree takes several times the input; a first chunk of that size is usually the last.
    arena.initialize(to: GumboArena(firstChunkSize: min(max(1 << 16, html.count * 4), 64 << 20)))
    defer {
      arena.pointee.release()
      arena.deinitialize(count: 1)
      arena.deallocate()
    }
    var options = kGumboDefaultOptions
    options.allocator = { userdata, size in
      userdata!.assumingMemoryBound(to: GumboArena.self).pointee.allocate(size)
    }
    options.deallocator = { _, _ in }
    options.userdata = UnsafeMutableRawPointer(arena)
    // Parse errors are not reported; recording them costs time and arena space.
    options.max_errors = 0
    if let context {
      options.fragment_context = gumbo_tag_enum(context.name)
      switch context.namespace {
      case "svg": options.fragment_namespace = GUMBO_NAMESPACE_SVG
      case "math": options.fragment_namespace = GUMBO_NAMESPACE_MATHML
      default: options.fragment_namespace = GUMBO_NAMESPACE_HTML
      }
    }
    guard let output = run(&options, on: html) else {
      throw .importFailed("out of memory while parsing \(html.count) bytes of HTML with gumbo")
    }
    parsed()
    // A fragment's nodes are the children of the `html` element gumbo puts around them.
    let top = context == nil ? output.pointee.document : output.pointee.root
    return try build(from: top!, limits: limits)
  }

  /// gumbo's parse of `html`; its tree points into `html`, which must outlive the walk.
  private static func run(
    _ options: inout GumboOptions, on html: UnsafeBufferPointer<UInt8>
  ) -> UnsafeMutablePointer<GumboOutput>? {
    guard let base = html.baseAddress else {
      return gumbo_parse_with_options(&options, "", 0)
    }
    return base.withMemoryRebound(to: CChar.self, capacity: html.count) { text in
      gumbo_parse_with_options(&options, text, html.count)
    }
  }

  // MARK: Tree walk

  /// One open element of the walk: gumbo's node, the next child to visit, and its counterpart.
  private struct OpenElement {
    var children: GumboVector
    var next: Int
    var id: Document.NodeID
  }

  /// Copies gumbo's tree into a document with an explicit stack: no recursion at any depth.
  private static func build(
    from root: UnsafeMutablePointer<GumboNode>, limits: HTMLImportLimits
  ) throws(RenderError) -> Document {
    var document = Document()
    let children =
      root.pointee.type == GUMBO_NODE_DOCUMENT
      ? root.pointee.v.document.children : root.pointee.v.element.children
    // Sized once: growing the node array by doubling would copy it and touch fresh pages
    // several times over.
    document.reserveCapacity(min(nodeCount(below: children), limits.maximumNodes) + 1)
    var open = [OpenElement(children: children, next: 0, id: document.root)]
    let names = TagNames.shared
    while !open.isEmpty {
      let top = open.count - 1
      let index = open[top].next
      guard index < Int(open[top].children.length) else {
        open.removeLast()
        continue
      }
      open[top].next = index + 1
      let child = open[top].children.data[index]!.assumingMemoryBound(to: GumboNode.self)
      let parent = open[top].id
      switch child.pointee.type {
      case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
        guard open.count <= limits.maximumDepth else {
          throw .limitExceeded(
            limit: "HTML nesting depth", value: open.count, maximum: limits.maximumDepth)
        }
        let element = child.pointee.v.element
        let id = document.appendElement(
          lowercasedName: names.name(of: element), attributes: attributes(of: element),
          to: parent)
        try checkNodeCount(document, limits: limits)
        open.append(OpenElement(children: element.children, next: 0, id: id))
      case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
        guard let text = child.pointee.v.text.text else { continue }
        document.appendText(string(text), to: parent)
        try checkNodeCount(document, limits: limits)
      default:
        // Comments and the document type are not part of the element tree.
        continue
      }
    }
    return document
  }

  /// How many nodes the walk may append below `children`: elements and text, at most (text
  /// runs that comments separate merge into one).
  private static func nodeCount(below children: GumboVector) -> Int {
    var count = 0
    var pending = [children]
    while let vector = pending.popLast() {
      for index in 0..<Int(vector.length) {
        let child = vector.data[index]!.assumingMemoryBound(to: GumboNode.self)
        switch child.pointee.type {
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
          count += 1
          if child.pointee.v.element.children.length > 0 {
            pending.append(child.pointee.v.element.children)
          }
        case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA: count += 1
        default: continue
        }
      }
    }
    return count
  }

  private static func checkNodeCount(
    _ document: Document, limits: HTMLImportLimits
  ) throws(RenderError) {
    let count = document.nodes.count - 1
    guard count <= limits.maximumNodes else {
      throw .limitExceeded(limit: "HTML node count", value: count, maximum: limits.maximumNodes)
    }
  }

  private static func attributes(of element: GumboElement) -> [DocumentNode.Attribute] {
    let count = Int(element.attributes.length)
    guard count > 0 else { return [] }
    var attributes: [DocumentNode.Attribute] = []
    attributes.reserveCapacity(count)
    for index in 0..<count {
      let attribute = element.attributes.data[index]!.assumingMemoryBound(to: GumboAttribute.self)
      // gumbo lower-cases names except SVG's adjusted ones (`viewBox`).
      var name = string(attribute.pointee.name)
      if name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
        name = name.lowercased()
      }
      switch attribute.pointee.attr_namespace {
      case GUMBO_ATTR_NAMESPACE_XLINK: name = "xlink:" + name
      case GUMBO_ATTR_NAMESPACE_XML: name = "xml:" + name
      case GUMBO_ATTR_NAMESPACE_XMLNS where name != "xmlns": name = "xmlns:" + name
      default: break
      }
      attributes.append(.init(lowercasedName: name, value: string(attribute.pointee.value)))
    }
    return attributes
  }

  /// gumbo's NUL-terminated, valid UTF-8 strings.
  private static func string(_ text: UnsafePointer<CChar>) -> String {
    String(
      decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
  }

  /// The element names gumbo knows, looked up once; unknown elements are named from the source.
  private final class TagNames: Sendable {
    static let shared = TagNames()
    private let known: [String]

    private init() {
      known = (0..<Int(GUMBO_TAG_LAST.rawValue)).map { raw in
        String(cString: gumbo_normalized_tagname(GumboTag(rawValue: UInt32(raw))))
      }
    }

    func name(of element: GumboElement) -> String {
      let raw = Int(element.tag.rawValue)
      if element.tag != GUMBO_TAG_UNKNOWN, raw < known.count { return known[raw] }
      var piece = element.original_tag
      gumbo_tag_from_original_text(&piece)
      guard let data = piece.data, piece.length > 0 else { return "unknown" }
      return String(
        decoding: UnsafeRawBufferPointer(start: data, count: piece.length), as: UTF8.self
      ).lowercased()
    }
  }
}

/// A bump allocator for one gumbo parse: gumbo's frees are ignored and every chunk is released
/// at once afterwards.
private struct GumboArena {
  private var chunks: [UnsafeMutableRawPointer] = []
  private var cursor: UnsafeMutableRawPointer?
  private var remaining = 0
  private var nextChunkSize: Int

  init(firstChunkSize: Int) {
    nextChunkSize = firstChunkSize
  }

  mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
    let rounded = (max(size, 1) + 15) & ~15
    if rounded > remaining {
      // Large blocks get their own chunk; the current one keeps serving small ones.
      if rounded > nextChunkSize / 4 {
        guard let block = malloc(rounded) else { Self.outOfMemory() }
        chunks.append(block)
        return block
      }
      guard let chunk = malloc(nextChunkSize) else { Self.outOfMemory() }
      chunks.append(chunk)
      cursor = chunk
      remaining = nextChunkSize
      nextChunkSize = min(nextChunkSize * 2, 64 << 20)
    }
    let block = cursor!
    cursor = block + rounded
    remaining -= rounded
    return block
  }

  /// gumbo writes through every pointer it is given without a check: stopping here says why.
  private static func outOfMemory() -> Never {
    fatalError("out of memory in gumbo's parse")
  }

  mutating func release() {
    for chunk in chunks { free(chunk) }
    chunks = []
    cursor = nil
    remaining = 0
  }
}
