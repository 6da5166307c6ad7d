import RenderCore

/// The headings of a ``Document`` with GitHub-style anchors, computed once from the document:
/// the source of heading `id`s, the table of contents and the page title alike.
///
/// Every `h1`…`h6` element gets an anchor. One that already has an `id` keeps it; the others
/// get ``HeadingSlugger``'s slug of their text (trimmed), numbered past every `id` before the
/// heading's end and every anchor before it, so no two headings share one and a heading's
/// anchor never depends on what follows it (a stream numbers a block's headings once). A prefix (`user-content-`, as GitHub uses for
/// sanitized output) goes in front of each new anchor.
///
/// ```swift
/// let outline = Outline(document: document)
/// outline.headings.map(\.anchor)            // ["introduction", "usage", "usage-1"]
/// let anchored = outline.applying(to: document, tableOfContents: nil)  // ids set
/// ```
public struct Outline: Sendable, Hashable {
  /// The headings in document order.
  public var headings: [OutlineHeading]

  /// Finds the headings of `document` and gives each an anchor.
  public init(document: Document, anchorPrefix: String = "") {
    var slugger = HeadingSlugger()
    self.init(document: document, anchorPrefix: anchorPrefix, slugger: &slugger)
  }

  /// Finds the headings of `document` and gives each an anchor that `slugger` has not
  /// handed out: a document rendered in parts (a stream's blocks) numbers its headings as
  /// the whole does when each part continues the slugger of the parts before it.
  ///
  /// A heading's anchor depends only on what comes before its end: the ids met so far (its
  /// own elements' included) and the headings before it.
  public init(document: Document, anchorPrefix: String = "", slugger: inout HeadingSlugger) {
    var found: [OutlineHeading] = []
    var pieces: [Unicode.Scalar: String] = [:]
    Self.forEachHeading(in: document, slugger: &slugger) { node, level, text, existing, slugger in
      let anchor =
        existing ?? anchorPrefix + slugger.slug(forUntrimmedUTF8: text, pieces: &pieces)
      let decoded = String(decoding: text, as: UTF8.self)
      found.append(
        OutlineHeading(
          level: level, text: decoded.collapsingWhitespace, anchor: anchor, node: node))
    }
    headings = found
  }

  /// The anchors the headings of `document` that have no `id` (or an empty one) get, as
  /// ``init(document:anchorPrefix:slugger:)`` makes them, without the rest of the outline.
  static func newAnchors(
    in document: Document, anchorPrefix: String, slugger: inout HeadingSlugger
  ) -> [(node: Document.NodeID, anchor: String)] {
    var anchors: [(node: Document.NodeID, anchor: String)] = []
    var pieces: [Unicode.Scalar: String] = [:]
    forEachHeading(in: document, slugger: &slugger) { node, _, text, existing, slugger in
      guard existing == nil else { return }
      anchors.append(
        (node, anchorPrefix + slugger.slug(forUntrimmedUTF8: text, pieces: &pieces)))
    }
    return anchors
  }

  /// Calls `found` with each heading of `document` in the order its anchor is due: at its
  /// end, once every non-empty `id` before that (its own and its elements' included) is
  /// reserved in `slugger`. `found` gets the heading's node, level, text (its UTF-8, in
  /// place) and non-empty `id` if any, and the slugger to take a slug from.
  private static func forEachHeading(
    in document: Document, slugger: inout HeadingSlugger,
    _ found: (Document.NodeID, Int, UnsafeBufferPointer<UInt8>, String?, inout HeadingSlugger)
      -> Void
  ) {
    // Heading levels by name number: elements are compared as numbers, not as strings.
    var levels: [UInt32: Int] = [:]
    for level in 1...6 {
      if let name = document.names.number(of: "h\(level)") { levels[name.rawValue] = level }
    }
    guard !levels.isEmpty else {
      // No heading: only the ids count, for the slugger's later use.
      reserveIDs(in: document, slugger: &slugger)
      return
    }
    let lowest = levels.keys.min()!
    let highest = levels.keys.max()!
    var text: [UInt8] = []
    // Names compared as their numbers, read once: `==` on a name is a call across modules.
    let textName = DocumentName.text.rawValue
    document.withStorage { storage in
      var cursor = Document.Cursor(below: document.root)
      while let (node, entering) = cursor.next(records: storage.records) {
        let record = storage.records[node]
        if record.name.rawValue == textName {
          cursor.skipChildren()
          continue
        }
        if entering {
          if record.attributeCount > 0, let id = nonEmptyID(of: node, in: storage) {
            slugger.reserve(id)
          }
          continue
        }
        let name = record.name.rawValue
        guard name >= lowest, name <= highest, let level = levels[name] else { continue }
        text.removeAll(keepingCapacity: true)
        var inner = Document.Cursor(below: node)
        while let (descendant, enters) = inner.next(records: storage.records) {
          guard enters, storage.records[descendant].name.rawValue == textName else { continue }
          text.append(contentsOf: storage.text(of: descendant))
          inner.skipChildren()
        }
        let existing = record.attributeCount > 0 ? nonEmptyID(of: node, in: storage) : nil
        text.withUnsafeBufferPointer { found(node, level, $0, existing, &slugger) }
      }
    }
  }

  /// Reserves every non-empty `id` of `document` in `slugger`, in document order.
  private static func reserveIDs(in document: Document, slugger: inout HeadingSlugger) {
    document.withStorage { storage in
      var cursor = Document.Cursor(below: document.root)
      while let (node, entering) = cursor.next(records: storage.records) {
        let record = storage.records[node]
        if record.name == .text { cursor.skipChildren() }
        guard entering, record.attributeCount > 0,
          let id = nonEmptyID(of: node, in: storage)
        else { continue }
        slugger.reserve(id)
      }
    }
  }

  /// The first `id` of `node`, when it is not empty.
  private static func nonEmptyID(
    of node: Document.NodeID, in storage: Document.Storage
  ) -> String? {
    guard let id = storage.attribute(.id, of: node), id.valueCount > 0 else { return nil }
    return String(decoding: storage.value(of: id), as: UTF8.self)
  }

  /// The first `h1`'s text, else the first heading's; nil when no heading has text.
  public var title: String? {
    headings.first { $0.level == 1 && !$0.text.isEmpty }?.text
      ?? headings.first { !$0.text.isEmpty }?.text
  }

  /// `document` (the one the outline was made from) whose headings carry their
  /// anchors as `id`s and, when `tableOfContents` is given, with the table of contents in
  /// place of each marker paragraph (see ``TableOfContents``), or else first in the body.
  public func applying(to document: Document, tableOfContents: TableOfContents?) -> Document {
    if tableOfContents == nil {
      // Without contents nothing moves: the ids are set in place, no copy is made.
      var anchored = document
      for heading in headings where document.attribute(.id, of: heading.node)?.isEmpty ?? true {
        anchored.setAttribute("id", to: heading.anchor, of: heading.node)
      }
      return anchored
    }
    var anchors: [Document.NodeID: String] = [:]
    for heading in headings { anchors[heading.node] = heading.anchor }
    var markers: Set<Document.NodeID> = []
    var topParent: Document.NodeID?
    if tableOfContents != nil {
      markers = TableOfContents.markerParagraphs(in: document)
      if markers.isEmpty { topParent = Self.body(of: document) }
    }

    var edits = DocumentEdits()
    if let tableOfContents {
      for marker in markers {
        edits.replace(marker) { copy, parent in tableOfContents.append(to: &copy, parent: parent) }
      }
      if let topParent {
        edits.insert(atStartOf: topParent) { copy, parent in
          tableOfContents.append(to: &copy, parent: parent)
        }
      }
    }
    for (node, anchor) in anchors where document.kind(of: node) == .element {
      guard document.attribute(.id, of: node)?.isEmpty ?? true else { continue }
      // Every `id` goes (an empty one among them) and the anchor is the last attribute.
      edits.setAttribute("id", to: nil, of: node)
      edits.setAttribute("id", to: anchor, of: node)
    }
    return document.applying(edits)
  }

  /// The `body` element (inside `html`) where the table of contents goes when no marker asks
  /// for it elsewhere; the root when the document has no body.
  static func body(of document: Document) -> Document.NodeID {
    for child in document.children(of: document.root) where document.name(of: child) == "html" {
      for inner in document.children(of: child) where document.name(of: inner) == "body" {
        return inner
      }
    }
    return document.root
  }
}
