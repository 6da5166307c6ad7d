/// Writes a ``Document`` (or the content of one of its elements) back as HTML, without
/// recursion: the one serializer behind the sanitizer and the fragments built from documents.
///
/// Text and attribute values are escaped and every attribute is double-quoted, so what a browser
/// parses from the output is the tree written. The content of `script` and `style` (raw text in
/// HTML) is written as it is, except that an end tag inside it is broken as `<\/`. A filter can
/// keep, unwrap or drop each element and choose its attributes; the default writes everything.
///
/// ```swift
/// let html = HTMLSerializer().write(contentsOf: body, in: document)
/// ```
package struct HTMLSerializer {
  /// What happens to an element and what is inside it.
  package enum Treatment {
    /// The element is written with the attributes the filter keeps, then its content.
    case write
    /// The tag goes, its content stays.
    case unwrap
    /// The element goes with everything inside it.
    case drop
  }

  private let treatment: (Document, Document.NodeID) -> Treatment
  private let keepsAttribute: (Document, Document.NodeID, Document.AttributeRecord) -> Bool
  /// How a void element's tag ends (``HTMLLayout/voidTagEnd``).
  package var voidTagEnd = ">"
  /// What text escapes besides `&`, `<` and `>` (``HTMLLayout/textEscaping``).
  package var textEscaping = HTMLEscaping.Context.text

  /// A serializer that writes every element and attribute.
  package init() {
    treatment = { _, _ in .write }
    keepsAttribute = { _, _, _ in true }
  }

  /// A serializer that asks `treatment` about each element and `keepsAttribute` about each
  /// attribute of the elements it writes, reading them by id (``Document/name(of:)``,
  /// ``Document/value(of:)``).
  package init(
    treatment: @escaping (Document, Document.NodeID) -> Treatment,
    keepsAttribute: @escaping (Document, Document.NodeID, Document.AttributeRecord) -> Bool
  ) {
    self.treatment = treatment
    self.keepsAttribute = keepsAttribute
  }

  /// A whole document as a fragment: its `html`, `head` and `body` elements unwrapped, so that
  /// a `<style>` or `<script>` a parser moved into the head stays, in its place at the start.
  /// Void elements' tags end as `layout` says: an engine's document reads as its HTML.
  package static func fragment(of document: Document, layout: HTMLLayout = .html) -> String {
    var serializer = HTMLSerializer(
      treatment: { document, node in
        document.names.traits[Int(document.nameID(of: node).rawValue)].contains(.structure)
          ? .unwrap : .write
      },
      keepsAttribute: { _, _, _ in true })
    serializer.voidTagEnd = layout.voidTagEnd
    serializer.textEscaping = layout.textEscaping
    return serializer.write(contentsOf: document.root, in: document)
  }

  /// Everything below `node` (not `node` itself), in document order, by the tree's one walk
  /// (``Document/walk(below:enter:leave:)``: nothing recurses). Names are compared as numbers
  /// and text is written as the document's bytes.
  package func write(contentsOf node: Document.NodeID, in document: Document) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(document.bytes.count + document.nodeCount * 4)
    let traits = document.names.traits
    let voidTagEnd = Array(voidTagEnd.utf8)
    // The end tag of each element being written, innermost last (nil: unwrapped, or void).
    var endTags: [DocumentName?] = []
    document.bytes.withUnsafeBufferPointer { bytes in
      document.walk(
        below: node,
        enter: { current in
          let record = document.records[current]
          if record.name == .text {
            let text = UnsafeBufferPointer(rebasing: bytes[document.textRange(of: current)])
            let parent = Int(record.parent)
            if parent != Int(Document.none),
              traits[Int(document.records[parent].name.rawValue)].contains(.rawText)
            {
              Self.appendRawText(text, to: &output)
            } else {
              HTMLEscaping.append(utf8: text, for: textEscaping, to: &output)
            }
            return false
          }
          let treatment = treatment(document, current)
          if treatment == .drop { return false }
          var endTag: DocumentName?
          if treatment == .write {
            let elementTraits = traits[Int(record.name.rawValue)]
            writeStartTag(of: current, in: document, bytes: bytes, to: &output)
            if elementTraits.contains(.void) {
              output += voidTagEnd
            } else {
              output.append(UInt8(ascii: ">"))
              endTag = record.name
            }
            if elementTraits.contains(.leadingNewline), record.firstChild != Document.none,
              document.records[Int(record.firstChild)].name == .text,
              document.text(of: Int(record.firstChild), startsWith: UInt8(ascii: "\n"))
            {
              output.append(UInt8(ascii: "\n"))
            }
          }
          endTags.append(endTag)
          return true
        },
        leave: { _ in
          if let endTag = endTags.removeLast() {
            output.append(UInt8(ascii: "<"))
            output.append(UInt8(ascii: "/"))
            output += document.names[endTag].utf8
            output.append(UInt8(ascii: ">"))
          }
        })
    }
    return String(decoding: output, as: UTF8.self)
  }

  private func writeStartTag(
    of node: Document.NodeID, in document: Document, bytes: UnsafeBufferPointer<UInt8>,
    to output: inout [UInt8]
  ) {
    output.append(UInt8(ascii: "<"))
    output += document.name(of: node).utf8
    let attributes = document.attributeRecords(of: node)
    for index in attributes.indices {
      let attribute = attributes[index]
      // The first of two same-named attributes is the one a browser keeps.
      guard
        !attributes[attributes.startIndex..<index].contains(where: { $0.name == attribute.name }),
        keepsAttribute(document, node, attribute)
      else { continue }
      output.append(UInt8(ascii: " "))
      output += document.names[attribute.name].utf8
      output.append(UInt8(ascii: "="))
      output.append(UInt8(ascii: "\""))
      let start = Int(attribute.valueStart)
      HTMLEscaping.append(
        utf8: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(attribute.valueCount)]),
        for: .quotedValue, to: &output)
      output.append(UInt8(ascii: "\""))
    }
  }

  /// Raw text as written, with every `</` broken so that nothing in it can end the element.
  private static func appendRawText(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var start = 0
    for index in text.indices
    where text[index] == UInt8(ascii: "<") && index + 1 < text.count
      && text[index + 1] == UInt8(ascii: "/")
    {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...index]))
      output.append(UInt8(ascii: "\\"))
      start = index + 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
  }
}
