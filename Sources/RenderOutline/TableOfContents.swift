import RenderCore

/// A table of contents: a nested list of links to the anchors of a document's headings.
///
/// It takes the headings whose level is in ``levels``; a heading deeper than the one before
/// opens a list inside that one's item (one level at a time, however many levels it skips), a
/// shallower one returns to the list of its level. Written into a document it is
/// `<nav class="table-of-contents"><ul><li><a href="#anchor">text</a>…</li></ul></nav>`,
/// placed where a paragraph holding only `[[_TOC_]]` stands (a line `<!-- toc -->` becomes one,
/// see ``TableOfContentsMarker``), else first in the body.
///
/// ```swift
/// let outline = Outline(document: document)
/// let contents = TableOfContents(outline: outline, levels: 2...3)
/// let withContents = outline.applying(to: document, tableOfContents: contents)
/// ```
public struct TableOfContents: Sendable, Hashable {
  /// One item: a heading and the items nested below it.
  public struct Entry: Sendable, Hashable {
    /// The heading's level.
    public var level: Int
    /// The link text.
    public var text: String
    /// The heading's anchor (the link is `#` followed by it).
    public var anchor: String
    /// The items nested below it.
    public var children: [Entry]

    /// Creates an item.
    public init(level: Int, text: String, anchor: String, children: [Entry] = []) {
      self.level = level
      self.text = text
      self.anchor = anchor
      self.children = children
    }
  }

  /// The class of the `nav` element that holds the list, for stylesheets.
  public static let className = "table-of-contents"
  /// The marker paragraph's text as written in Markdown, and as emphasis makes it.
  static let markerTexts: Set<String> = ["[[_TOC_]]", "[[TOC]]"]

  /// The heading levels listed.
  public var levels: ClosedRange<Int>
  /// The top-level items.
  public var entries: [Entry]

  /// The table of contents of `outline`'s headings whose level is in `levels`.
  public init(outline: Outline, levels: ClosedRange<Int> = 1...6) {
    self.levels = levels
    // Each open list: the shallowest level among its items, and the items so far. Closing one
    // hands its items to the last item of the list below it, so building never recurses.
    var open: [(level: Int, items: [Entry])] = []
    func closeLast() {
      let closed = open.removeLast()
      let last = open[open.count - 1].items.count - 1
      open[open.count - 1].items[last].children.append(contentsOf: closed.items)
    }
    for heading in outline.headings where levels.contains(heading.level) {
      let entry = Entry(level: heading.level, text: heading.text, anchor: heading.anchor)
      while open.count > 1, heading.level <= open[open.count - 2].level { closeLast() }
      if let top = open.last, heading.level > top.level {
        open.append((heading.level, [entry]))
      } else if open.isEmpty {
        open.append((heading.level, [entry]))
      } else {
        open[open.count - 1].level = min(open[open.count - 1].level, heading.level)
        open[open.count - 1].items.append(entry)
      }
    }
    while open.count > 1 { closeLast() }
    entries = open.first?.items ?? []
  }

  /// Appends the table of contents to `parent` in `document` as a `nav` holding nested lists;
  /// nothing when it has no entry.
  public func append(to document: inout Document, parent: Document.NodeID) {
    guard !entries.isEmpty else { return }
    let nav = document.appendElement(
      "nav", attributes: [DocumentNode.Attribute(name: "class", value: Self.className)],
      to: parent)
    // (entries still to write, the list they go in), innermost last.
    var lists: [(entries: ArraySlice<Entry>, list: Document.NodeID)] = [
      (entries[...], document.appendElement("ul", to: nav))
    ]
    while !lists.isEmpty {
      guard let entry = lists[lists.count - 1].entries.popFirst() else {
        lists.removeLast()
        continue
      }
      let item = document.appendElement("li", to: lists[lists.count - 1].list)
      let link = document.appendElement(
        "a", attributes: [DocumentNode.Attribute(name: "href", value: "#" + entry.anchor)],
        to: item)
      document.appendText(entry.text, to: link)
      if !entry.children.isEmpty {
        lists.append((entry.children[...], document.appendElement("ul", to: item)))
      }
    }
  }

  /// The paragraphs that ask for the table of contents: a `p` whose whole text is `[[_TOC_]]`
  /// (or `[[TOC]]`, which is what emphasis makes of it).
  static func markerParagraphs(in document: Document) -> Set<Document.NodeID> {
    var markers: Set<Document.NodeID> = []
    document.forEachDescendant(of: document.root) { id in
      guard document.kind(of: id) == .element, document.name(of: id) == "p" else { return }
      let node = document.nodes[id]
      guard node.kind == .element, node.name == "p", let first = node.firstChild,
        document.kind(of: first) == .text,
        document.text(of: first).unicodeScalars.drop(while: \.properties.isWhitespace)
          .starts(with: "[[".unicodeScalars)
      else { return }
      if markerTexts.contains(document.textContent(of: id).trimmingWhitespace) {
        markers.insert(id)
      }
    }
    return markers
  }
}
