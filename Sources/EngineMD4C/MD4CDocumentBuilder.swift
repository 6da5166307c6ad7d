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
  /// The text of the code block being read, written as one block when it ends.
  private var codeBlockText: String?
  private var codeBlockLanguage = ""
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
    case .html: hub.html("", isBlock: true)
    case .quote: hub.enter(.blockQuote)
    // md4c writes no paragraph in a tight list's items, so every list is loose to the hub.
    case .unorderedList: hub.enter(.list(ordered: false, start: 1, tight: false))
    case .orderedList(let start): hub.enter(.list(ordered: true, start: start, tight: false))
    case .item(let task):
      guard let checked = task else { return hub.enter(.item) }
      hub.enter(.element(name: "li", attributes: [.init(name: "class", value: "task-list-item")]))
      var attributes: [DocumentNode.Attribute] = [
        .init(name: "type", value: "checkbox"),
        .init(name: "class", value: "task-list-item-checkbox"), .init(name: "disabled", value: ""),
      ]
      if checked { attributes.append(.init(name: "checked", value: "")) }
      hub.enter(.element(name: "input", attributes: attributes))
      hub.exit()
    case .thematicBreak: hub.thematicBreak()
    case .heading(let level): hub.enter(.heading(level: level))
    case .code(let language):
      codeBlockText = ""
      codeBlockLanguage = language.map { ImportedTextRepair.repaired($0.decodedText) } ?? ""
    case .paragraph: hub.enter(.paragraph)
    case .table: hub.enter(.element(name: "table", attributes: []))
    case .tableHead: hub.enter(.element(name: "thead", attributes: []))
    case .tableBody: hub.enter(.element(name: "tbody", attributes: []))
    case .tableRow: hub.enter(.element(name: "tr", attributes: []))
    case .tableHeaderCell(let alignment):
      hub.enter(.element(name: "th", attributes: Self.attributes(alignment)))
    case .tableCell(let alignment):
      hub.enter(.element(name: "td", attributes: Self.attributes(alignment)))
    }
  }

  mutating func leaveBlock(_ block: MD4CBlock) {
    switch block {
    case .document, .html, .thematicBreak: break
    case .code:
      hub.codeBlock(info: codeBlockLanguage, text: codeBlockText ?? "")
      codeBlockText = nil
    default: hub.exit()
    }
  }

  mutating func enterSpan(_ span: MD4CSpan) {
    switch span {
    case .emphasis: hub.enter(.emphasis)
    case .strong: hub.enter(.strong)
    case .link(let destination, let title):
      hub.enter(.link(destination: destination.decodedText, title: Self.text(of: title)))
    case .image(let source, let title):
      hub.enter(.image(source: source.decodedText, title: Self.text(of: title)))
    // A code span's text can come in several pieces: one element holds them all.
    case .code: hub.enter(.element(name: "code", attributes: []))
    case .strikethrough: hub.enter(.strikethrough)
    // Never reached: md4c reports these spans only under flags the engine never sets.
    case .unsupported: hub.enter(.element(name: "span", attributes: []))
    }
  }

  mutating func leaveSpan(_ span: MD4CSpan) {
    hub.exit()
  }

  /// Takes a piece of text; false (stop parsing) at raw HTML.
  mutating func text(_ kind: MD4CTextKind, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    switch kind {
    case .normal, .code: append(ImportedTextRepair.string(text))
    case .nullCharacter: append("\u{FFFD}")
    case .lineBreak: hub.lineBreak()
    case .softBreak: hub.softBreak()
    case .entity: append(ImportedTextRepair.repaired(Self.entityText(text)))
    case .html where allowsHTML:
      hub.html(String(decoding: text, as: UTF8.self), isBlock: false)
    case .html:
      // Also inside an image description, where md_html writes it into `alt` as it is.
      stoppedAtRawHTML = true
      return false
    }
    return true
  }

  private mutating func append(_ text: String) {
    if codeBlockText != nil {
      codeBlockText! += text
    } else {
      hub.text(text)
    }
  }

  /// An attribute's text as md_html writes it, or "" when there is none.
  private static func text(of attribute: MD4CAttribute?) -> String {
    attribute.map { ImportedTextRepair.repaired($0.decodedText) } ?? ""
  }

  private static func entityText(_ entity: UnsafeBufferPointer<UInt8>) -> String {
    guard let (first, second) = MD4CParser.entityScalars(entity) else {
      return String(decoding: entity, as: UTF8.self)
    }
    var text = String(first)
    if let second { text.unicodeScalars.append(second) }
    return text
  }

  private static func attributes(_ alignment: MD4CBlock.Alignment) -> [DocumentNode.Attribute] {
    switch alignment {
    case .none: []
    case .left: [.init(name: "align", value: "left")]
    case .center: [.init(name: "align", value: "center")]
    case .right: [.init(name: "align", value: "right")]
    }
  }
}
