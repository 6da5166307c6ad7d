import RenderCore

/// Builds the ``Document`` straight from md4c's parser events, in the same pass as the parse:
/// the elements, attributes and text that importing the engine's HTML (``MD4CHTMLWriter``)
/// gives, `html` and `body` included, so styled text is the same on either path.
///
/// It applies what the writer and the importer apply: the URL rule in safe mode, md_html's URL
/// encoding, entities decoded through md4c's table, image descriptions as `alt` text, and the
/// importer's repair of characters HTML cannot hold (``ImportedTextRepair``).
///
/// Raw HTML (only with ``RenderOptions/unsafe``) is the one thing only an HTML parser can say:
/// the builder stops there and ``needsHTMLImport`` tells the engine to import its HTML instead.
struct MD4CDocumentBuilder {
  private var document = Document()
  private var parents: [Document.NodeID]
  private let checksURLs: Bool
  private let hardLineBreaks: Bool
  /// How many images the current text is inside; the outermost one's description is `alt`.
  private var imageDepth = 0
  private var altText = ""
  private var imageAttributes: [DocumentNode.Attribute] = []
  /// Whether raw HTML stopped the build.
  private(set) var needsHTMLImport = false

  /// An empty document (`html` and `body`) for a render with `options`.
  init(options: RenderOptions) {
    checksURLs = !options.unsafe
    hardLineBreaks = options.hardLineBreaks
    let html = document.appendElement("html", to: document.root)
    parents = [document.appendElement("body", to: html)]
  }

  /// The document built.
  func finish() -> Document {
    document
  }

  mutating func enterBlock(_ block: MD4CBlock) {
    switch block {
    case .document, .html: break
    case .quote: open("blockquote")
    case .unorderedList: open("ul")
    case .orderedList(let start):
      open("ol", start == 1 ? [] : [.init(name: "start", value: String(start))])
    case .item(let task):
      guard let checked = task else { return open("li") }
      open("li", [.init(name: "class", value: "task-list-item")])
      var attributes: [DocumentNode.Attribute] = [
        .init(name: "type", value: "checkbox"),
        .init(name: "class", value: "task-list-item-checkbox"), .init(name: "disabled", value: ""),
      ]
      if checked { attributes.append(.init(name: "checked", value: "")) }
      document.appendElement("input", attributes: attributes, to: parent)
    case .thematicBreak: document.appendElement("hr", to: parent)
    case .heading(let level): open(Self.headingNames[level - 1])
    case .code(let language):
      open("pre")
      let classes = language.map { "language-" + ImportedTextRepair.repaired($0.decodedText) }
      open("code", classes.map { [.init(name: "class", value: $0)] } ?? [])
    case .paragraph: open("p")
    case .table: open("table")
    case .tableHead: open("thead")
    case .tableBody: open("tbody")
    case .tableRow: open("tr")
    case .tableHeaderCell(let alignment): open("th", Self.attributes(alignment))
    case .tableCell(let alignment): open("td", Self.attributes(alignment))
    }
  }

  mutating func leaveBlock(_ block: MD4CBlock) {
    switch block {
    case .document, .html, .thematicBreak: break
    case .code:
      parents.removeLast(2)
    default:
      parents.removeLast()
    }
  }

  mutating func enterSpan(_ span: MD4CSpan) {
    if imageDepth > 0 {
      if case .image = span { imageDepth += 1 }
      return
    }
    switch span {
    case .emphasis: open("em")
    case .strong: open("strong")
    case .link(let destination, let title):
      var attributes = [DocumentNode.Attribute(name: "href", value: url(destination))]
      if let title {
        attributes.append(
          .init(name: "title", value: ImportedTextRepair.repaired(title.decodedText)))
      }
      open("a", attributes)
    case .image(let source, let title):
      imageDepth = 1
      altText = ""
      imageAttributes = [.init(name: "src", value: url(source))]
      if let title {
        imageAttributes.append(
          .init(name: "title", value: ImportedTextRepair.repaired(title.decodedText)))
      }
    case .code: open("code")
    case .strikethrough: open("del")
    case .unsupported: break
    }
  }

  mutating func leaveSpan(_ span: MD4CSpan) {
    if imageDepth > 0 {
      guard case .image = span else { return }
      imageDepth -= 1
      guard imageDepth == 0 else { return }
      // md_html writes `src`, `alt`, then `title`.
      imageAttributes.insert(.init(name: "alt", value: altText), at: 1)
      document.appendElement("img", attributes: imageAttributes, to: parent)
      return
    }
    switch span {
    case .unsupported, .image: break
    default: parents.removeLast()
    }
  }

  /// Takes a piece of text; false (stop parsing) at raw HTML.
  mutating func text(_ kind: MD4CTextKind, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    switch kind {
    case .normal, .code: append(ImportedTextRepair.string(text))
    case .nullCharacter: append("\u{FFFD}")
    case .lineBreak: appendLineBreak()
    case .softBreak:
      if imageDepth > 0 {
        altText += " "
      } else if hardLineBreaks {
        appendLineBreak()
      } else {
        document.appendText("\n", to: parent)
      }
    case .entity: append(ImportedTextRepair.repaired(Self.entityText(text)))
    case .html:
      needsHTMLImport = true
      return false
    }
    return true
  }

  // MARK: - Building

  private static let headingNames = ["h1", "h2", "h3", "h4", "h5", "h6"]

  private var parent: Document.NodeID { parents[parents.count - 1] }

  private mutating func open(_ name: String, _ attributes: [DocumentNode.Attribute] = []) {
    parents.append(document.appendElement(name, attributes: attributes, to: parent))
  }

  /// Text for the current element, or for the `alt` of the image being described.
  private mutating func append(_ text: String) {
    if imageDepth > 0 { return altText += text }
    document.appendText(text, to: parent)
  }

  /// `<br>` and the newline md_html writes after it; a space inside an image description.
  private mutating func appendLineBreak() {
    if imageDepth > 0 { return altText += " " }
    document.appendElement("br", to: parent)
    document.appendText("\n", to: parent)
  }

  private func url(_ attribute: MD4CAttribute) -> String {
    let url = attribute.decodedText
    if checksURLs, URLSafety.isDangerous(url) { return "" }
    return MD4CURLEscaping.escaped(url)
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
