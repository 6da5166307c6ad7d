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

  /// Nil writes every element (``fragment(of:layout:)`` unwraps the structure elements by
  /// their traits instead): no call per node.
  private let treatment: ((Document, Document.NodeID) -> Treatment)?
  private let keepsAttribute: ((Document, Document.NodeID, Document.AttributeRecord) -> Bool)?
  /// Whether `html`, `head` and `body` are unwrapped.
  private var unwrapsStructure = false
  /// How a void element's tag ends (``HTMLLayout/voidTagEnd``).
  package var voidTagEnd = ">"
  /// What text escapes besides `&`, `<` and `>` (``HTMLLayout/textEscaping``).
  package var textEscaping = HTMLEscaping.Context.text

  /// A serializer that writes every element and attribute.
  package init() {
    treatment = nil
    keepsAttribute = nil
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

  /// The serializer of ``fragment(of:layout:)``.
  private static func fragmentSerializer(layout: HTMLLayout) -> HTMLSerializer {
    var serializer = HTMLSerializer()
    serializer.unwrapsStructure = true
    serializer.voidTagEnd = layout.voidTagEnd
    serializer.textEscaping = layout.textEscaping
    return serializer
  }

  /// A whole document as a fragment: its `html`, `head` and `body` elements unwrapped, so that
  /// a `<style>` or `<script>` a parser moved into the head stays, in its place at the start.
  /// Void elements' tags end as `layout` says: an engine's document reads as its HTML.
  package static func fragment(of document: Document, layout: HTMLLayout = .html) -> String {
    let bytes = fragmentUTF8(of: document, layout: layout)
    // The buffer lives as long as its owner: kept alive until the string is made.
    return withExtendedLifetime(bytes) { String(decoding: bytes.bytes, as: UTF8.self) }
  }

  /// ``fragment(of:layout:)`` as UTF-8, for an ``HTMLFragment``: no `String` is made, and
  /// the bytes are never copied again.
  package static func fragmentUTF8(of document: Document, layout: HTMLLayout = .html)
    -> HTMLBytes
  {
    var output = HTMLOutput(capacity: expectedCapacity(of: document))
    fragmentSerializer(layout: layout).write(
      contentsOf: document.root, in: document, to: &output)
    return output.take()
  }

  /// Everything below `node` (not `node` itself), in document order, as a `String`.
  package func write(contentsOf node: Document.NodeID, in document: Document) -> String {
    var output = HTMLOutput(capacity: Self.expectedCapacity(of: document))
    write(contentsOf: node, in: document, to: &output)
    let bytes = output.take()
    return withExtendedLifetime(bytes) { String(decoding: bytes.bytes, as: UTF8.self) }
  }

  /// Room for a whole document's HTML: its text and values, and a tag pair per node. Pages
  /// never touched cost no memory, so room to spare costs nothing.
  private static func expectedCapacity(of document: Document) -> Int {
    document.bytes.count + document.bytes.count / 8 + document.nodeCount * 16 + 64
  }

  /// Everything below `node` (not `node` itself), in document order, by the tree's one walk
  /// (``Document/walk(below:enter:leave:)``: nothing recurses), appended to `output`. Names
  /// are numbers: each one's tags are bytes made once (``TagBytes``), and text and values
  /// are escaped from the document's bytes.
  package func write(
    contentsOf node: Document.NodeID, in document: Document, to output: inout HTMLOutput
  ) {
    let traits = document.names.traits
    let tags = TagBytes.of(document.names)
    let unwrapped: DocumentNameTable.Traits = unwrapsStructure ? .structure : []
    var voidTagEnd = voidTagEnd
    // The end tag of each element being written, innermost last (text: unwrapped, or void).
    var endTags: [DocumentName] = []
    let textEscaping = textEscaping
    document.records.withUnsafeBufferPointer { records in
      document.bytes.withUnsafeBufferPointer { bytes in
        tags.bytes.withUnsafeBufferPointer { tagBytes in
          voidTagEnd.withUTF8 { voidTagEnd in
            document.walk(
              below: node,
              enter: { current in
                let record = records[current]
                if record.name == .text {
                  guard let base = bytes.baseAddress, record.textCount > 0 else { return false }
                  let text = UnsafeBufferPointer(
                    start: base + Int(record.textStart), count: Int(record.textCount))
                  if record.parent != Document.none,
                    traits[Int(records[Int(record.parent)].name.rawValue)].contains(.rawText)
                  {
                    Self.appendRawText(text, to: &output)
                  } else {
                    HTMLEscaping.append(utf8: text, for: textEscaping, to: &output)
                  }
                  return false
                }
                let elementTraits = traits[Int(record.name.rawValue)]
                var treatment: Treatment =
                  elementTraits.isDisjoint(with: unwrapped) ? .write : .unwrap
                if let choose = self.treatment { treatment = choose(document, current) }
                if treatment == .drop { return false }
                var endTag = DocumentName.text
                if treatment == .write {
                  let tag = tags.ranges[Int(record.name.rawValue)]
                  // `<name`: the end tag's bytes without its `/`.
                  output.append(byte: UInt8(ascii: "<"))
                  output.append(
                    tagBytes.baseAddress! + Int(tag.start) + 2, count: Int(tag.nameCount))
                  if record.attributeCount > 0 {
                    writeAttributes(
                      of: current, in: document, bytes: bytes, tags: tags, tagBytes: tagBytes,
                      to: &output)
                  }
                  if elementTraits.contains(.void) {
                    output.append(voidTagEnd)
                  } else {
                    output.append(byte: UInt8(ascii: ">"))
                    endTag = record.name
                  }
                  if elementTraits.contains(.leadingNewline), record.firstChild != Document.none,
                    records[Int(record.firstChild)].name == .text,
                    document.text(of: Int(record.firstChild), startsWith: UInt8(ascii: "\n"))
                  {
                    output.append(byte: UInt8(ascii: "\n"))
                  }
                }
                endTags.append(endTag)
                return true
              },
              leave: { _ in
                let endTag = endTags.removeLast()
                guard endTag != .text else { return }
                let tag = tags.ranges[Int(endTag.rawValue)]
                output.append(tagBytes.baseAddress! + Int(tag.start), count: Int(tag.nameCount) + 3)
              })
          }
        }
      }
    }
  }

  private func writeAttributes(
    of node: Document.NodeID, in document: Document, bytes: UnsafeBufferPointer<UInt8>,
    tags: TagBytes, tagBytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLOutput
  ) {
    let attributes = document.attributeRecords(of: node)
    for index in attributes.indices {
      let attribute = attributes[index]
      // The first of two same-named attributes is the one a browser keeps.
      guard
        !attributes[attributes.startIndex..<index].contains(where: { $0.name == attribute.name }),
        keepsAttribute?(document, node, attribute) ?? true
      else { continue }
      let name = tags.ranges[Int(attribute.name.rawValue)]
      output.append(byte: UInt8(ascii: " "))
      output.append(tagBytes.baseAddress! + Int(name.start) + 2, count: Int(name.nameCount))
      output.append("=\"")
      if attribute.valueCount > 0, let base = bytes.baseAddress {
        HTMLEscaping.append(
          utf8: UnsafeBufferPointer(
            start: base + Int(attribute.valueStart), count: Int(attribute.valueCount)),
          for: .quotedValue, to: &output)
      }
      output.append(byte: UInt8(ascii: "\""))
    }
  }

  /// Raw text as written, with every `</` broken so that nothing in it can end the element.
  private static func appendRawText(_ text: UnsafeBufferPointer<UInt8>, to output: inout HTMLOutput)
  {
    var start = 0
    for index in text.indices
    where text[index] == UInt8(ascii: "<") && index + 1 < text.count
      && text[index + 1] == UInt8(ascii: "/")
    {
      output.append(UnsafeBufferPointer(rebasing: text[start...index]))
      output.append(byte: UInt8(ascii: "\\"))
      start = index + 1
    }
    output.append(UnsafeBufferPointer(rebasing: text[start...]))
  }

  /// Every name's end tag, `</name>`, one after another in one buffer: a start tag is the
  /// same bytes without the `/`, an attribute's name the bytes in between. HTML's vocabulary
  /// is encoded once per process; a document's own names are added for it.
  private struct TagBytes: Sendable {
    /// Where a name's end tag starts in ``bytes`` and how long the name is.
    struct Range: Sendable {
      var start: UInt32
      var nameCount: UInt32
    }

    var bytes: [UInt8] = []
    var ranges: [Range] = []

    private static let vocabulary: TagBytes = {
      var tags = TagBytes()
      for name in HTMLElements.vocabulary { tags.add(name) }
      return tags
    }()

    /// The tags of every name of `names`.
    static func of(_ names: DocumentNameTable) -> TagBytes {
      var tags = vocabulary
      for name in names.names.dropFirst(tags.ranges.count) { tags.add(name) }
      return tags
    }

    private mutating func add(_ name: String) {
      ranges.append(Range(start: UInt32(bytes.count), nameCount: UInt32(name.utf8.count)))
      bytes += "</".utf8
      bytes += name.utf8
      bytes.append(UInt8(ascii: ">"))
    }
  }
}
