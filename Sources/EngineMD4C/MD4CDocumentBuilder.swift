import RenderCore

/// Feeds md4c's parser events to the hub, ``MarkdownDocumentBuilder``, in the same pass as the
/// parse: the document holds the elements, attributes and text that importing the engine's HTML
/// (``MD4CHTMLWriter``) gives, so styled text is the same on either path.
///
/// It hands the hub what md4c's renderer writes: entities decoded through md4c's table, md_html's
/// URL encoding, its task-list and table-cell markup, and text as the importer would hold it
/// (``ImportedTextRepair``). Raw HTML goes to the hub's allowlist with
/// ``RenderOptions/allowsHTML``; with ``RenderOptions/unsafe`` it stops the parse: the engine
/// then imports its HTML instead, as the hub would.
struct MD4CDocumentBuilder {
  private var hub: MarkdownDocumentBuilder
  /// Whether raw HTML stopped the parse (the document is then imported from HTML).
  private(set) var stoppedAtRawHTML = false
  /// Whether raw HTML goes to the hub's allowlist.
  private let allowsHTML: Bool

  /// md_html's URL rule (see ``MD4CURLEscaping``), with `&` kept: md_html writes it as `&amp;`,
  /// which an import reads back as `&`.
  private static let urlEscaping = URLEscaping(unescaped: MD4CURLEscaping.keptCharacters + "&")

  /// An empty document for a render with `options` of `markdownLength` bytes.
  init(options: RenderOptions, markdownLength: Int) {
    allowsHTML = options.allowsHTML
    hub = MarkdownDocumentBuilder(
      options: options, urlEscaping: Self.urlEscaping, layout: .md4c,
      markdownLength: markdownLength)
  }

  /// The document built (when raw HTML stopped the parse, the engine imports its HTML instead).
  func finish() -> Document {
    // Raw HTML never reaches the hub, so it never asks for an import.
    (try? hub.finish { () throws(RenderError) in Document() }) ?? Document()
  }

  mutating func enterBlock(_ block: MD4CBlock) {
    switch block {
    case .document: break
    // A block of raw HTML starts on a line of its own.
    case .html: hub.html(UnsafeBufferPointer(start: nil, count: 0), isBlock: true)
    case .quote: hub.enter(.blockQuote)
    // md4c writes no paragraph in a tight list's items, so every list is loose to the hub.
    case .unorderedList: hub.enter(.list(ordered: false, start: 1, tight: false))
    case .orderedList(let start): hub.enter(.list(ordered: true, start: start, tight: false))
    case .item(let task):
      guard let checked = task else { return hub.enter(.item) }
      hub.enter(.element(.li, attributes: Self.taskItem))
      hub.enter(.element(.input, attributes: checked ? Self.checkedBox : Self.box))
      hub.exit()
    case .thematicBreak: hub.thematicBreak()
    case .heading(let level): hub.enter(.heading(level: level))
    case .code(let language):
      // The code's text comes in pieces (a line, its line feed), each added as it comes.
      var language = Self.text(of: language)
      language.withUTF8 { hub.enterCodeBlock(info: $0) }
    case .paragraph: hub.enter(.paragraph)
    case .table: hub.enter(.element(.table))
    case .tableHead: hub.enter(.element(.thead))
    case .tableBody: hub.enter(.element(.tbody))
    case .tableRow: hub.enter(.element(.tr))
    case .tableHeaderCell(let alignment):
      hub.enter(.element(.th, attributes: Self.attributes(alignment)))
    case .tableCell(let alignment):
      hub.enter(.element(.td, attributes: Self.attributes(alignment)))
    }
  }

  mutating func leaveBlock(_ block: MD4CBlock) {
    switch block {
    case .document, .html, .thematicBreak: break
    default: hub.exit()
    }
  }

  mutating func enterSpan(_ span: MD4CSpan) {
    switch span {
    case .emphasis: hub.enter(.emphasis)
    case .strong: hub.enter(.strong)
    case .link(let destination, let title):
      var destination = destination.decodedText
      var title = Self.text(of: title)
      destination.withUTF8 { destination in
        title.withUTF8 { hub.enterLink(destination: destination, title: $0) }
      }
    case .image(let source, let title):
      var source = source.decodedText
      var title = Self.text(of: title)
      source.withUTF8 { source in
        title.withUTF8 { hub.enterImage(source: source, title: $0) }
      }
    // A code span's text can come in several pieces: one element holds them all.
    case .code: hub.enter(.element(.code))
    case .strikethrough: hub.enter(.strikethrough)
    // Never reached: md4c reports these spans only under flags the engine never sets.
    case .unsupported: hub.enter(.element(.span))
    }
  }

  mutating func leaveSpan(_ span: MD4CSpan) {
    hub.exit()
  }

  /// Takes a piece of text; false (stop parsing) at raw HTML.
  mutating func text(_ kind: MD4CTextKind, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    switch kind {
    case .normal, .code: append(text)
    case .nullCharacter: hub.text("\u{FFFD}")
    case .lineBreak: hub.lineBreak()
    case .softBreak: hub.softBreak()
    case .entity: appendEntity(text)
    case .html where allowsHTML:
      hub.html(text, isBlock: false)
    case .html:
      // Also inside an image description, where md_html writes it into `alt` as it is.
      stoppedAtRawHTML = true
      return false
    }
    return true
  }

  /// Text of the input as the importer would hold it: as it is, unless it holds a character
  /// the importer changes.
  private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
    guard ImportedTextRepair.needsRepair(text) else { return hub.text(text) }
    var repaired = ImportedTextRepair.string(text)
    repaired.withUTF8 { hub.text($0) }
  }

  /// An entity as md_html writes it: the characters it stands for, or as it is written
  /// when md4c's table lacks it.
  private mutating func appendEntity(_ entity: UnsafeBufferPointer<UInt8>) {
    guard let (first, second) = MD4CParser.entityScalars(entity) else { return append(entity) }
    var text = String(ImportedTextRepair.repaired(first))
    if let second { text.unicodeScalars.append(ImportedTextRepair.repaired(second)) }
    text.withUTF8 { hub.text($0) }
  }

  /// An attribute's text as md_html writes it, or "" when there is none.
  private static func text(of attribute: MD4CAttribute?) -> String {
    attribute.map { ImportedTextRepair.repaired($0.decodedText) } ?? ""
  }

  /// A task-list item and its checkbox, unchecked and checked, as md_html writes them.
  private static let taskItem: [MarkdownNode.Attribute] = [.init(.class, "task-list-item")]
  private static let box: [MarkdownNode.Attribute] = [
    .init(.type, "checkbox"), .init(.class, "task-list-item-checkbox"), .init(.disabled, ""),
  ]
  private static let checkedBox = box + [.init(.checked, "")]

  private static func attributes(_ alignment: MD4CBlock.Alignment) -> [MarkdownNode.Attribute] {
    switch alignment {
    case .none: []
    case .left: alignedLeft
    case .center: alignedCenter
    case .right: alignedRight
    }
  }

  private static let alignedLeft: [MarkdownNode.Attribute] = [.init(.align, "left")]
  private static let alignedCenter: [MarkdownNode.Attribute] = [.init(.align, "center")]
  private static let alignedRight: [MarkdownNode.Attribute] = [.init(.align, "right")]
}
