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
    // Heading levels by name id: elements are compared as numbers, not as strings.
    var levels: [DocumentName: Int] = [:]
    for level in 1...6 {
      if let name = document.names.number(of: "h\(level)") { levels[name] = level }
    }
    document.walk(
      below: document.root,
      enter: { id in
        guard document.kind(of: id) == .element else { return false }
        if let existing = document.attribute(.id, of: id), !existing.isEmpty {
          slugger.reserve(existing)
        }
        return true
      },
      leave: { id in
        guard let level = levels[document.nameID(of: id)] else { return }
        let text = document.textContent(of: id)
        let existing = document.attribute(.id, of: id).flatMap { $0.isEmpty ? nil : $0 }
        let anchor = existing ?? anchorPrefix + slugger.slug(for: text.trimmingWhitespace)
        found.append(
          OutlineHeading(
            level: level, text: text.collapsingWhitespace, anchor: anchor, node: id))
      })
    headings = found
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
