/// Reads one tag as the HTML tokenizer does (its tag-open, tag-name, attribute and
/// self-closing states), so that ``GeneratedHTMLChecker`` judges the tags a browser sees.
///
/// Input is UTF-8 after the browser's own preprocessing would leave it the same (engines'
/// output has no NUL); CR counts as white space, as a browser turns it into LF first.
struct TagReader {
  /// One attribute: its name and the byte range of its value as written (character
  /// references undecoded, quotes excluded).
  struct Attribute {
    var name: TagName
    var nameRange: Range<Int>
    var value: Range<Int>
  }

  /// A start or end tag from `<` to just past its `>`; its attributes are in the reader's
  /// ``attributes`` until the next tag is read.
  struct Tag {
    var name: TagName
    var nameRange: Range<Int>
    var isEnd: Bool
    var isSelfClosing = false
    var end = 0
  }

  let bytes: UnsafeBufferPointer<UInt8>
  /// The attributes of the last tag read, in order (one buffer reused for every tag).
  private(set) var attributes: [Attribute] = []

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    attributes.reserveCapacity(8)
  }

  /// The tag that the `<` at `start` opens; nil when a browser would read no tag there (text,
  /// a comment, a declaration, a processing instruction, or a tag the input cuts off).
  mutating func tag(at start: Int) -> Tag? {
    attributes.removeAll(keepingCapacity: true)
    var index = start + 1
    var isEnd = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
      isEnd = true
      index += 1
    }
    guard index < bytes.count, Self.isASCIILetter(bytes[index]) else { return nil }
    let nameStart = index
    while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
      bytes[index] != UInt8(ascii: ">")
    {
      index += 1
    }
    var tag = Tag(
      name: TagName(bytes[nameStart..<index]), nameRange: nameStart..<index, isEnd: isEnd)
    // Before attribute name.
    while index < bytes.count {
      let byte = bytes[index]
      if Self.isSpace(byte) {
        index += 1
      } else if byte == UInt8(ascii: ">") {
        tag.end = index + 1
        return tag
      } else if byte == UInt8(ascii: "/") {
        // Self-closing start tag: only `/>` closes; otherwise the `/` is dropped.
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
          tag.isSelfClosing = true
          tag.end = index + 1
          return tag
        }
      } else {
        guard let attribute = self.attribute(at: &index) else { return nil }
        attributes.append(attribute)
      }
    }
    return nil
  }

  /// The attribute starting at `index` (not white space, `/` or `>`), with `index` moved past
  /// it; nil when the input ends inside its value.
  private func attribute(at index: inout Int) -> Attribute? {
    let nameStart = index
    // A leading `=` belongs to the name.
    index += 1
    while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
      bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "=")
    {
      index += 1
    }
    let nameRange = nameStart..<index
    let name = TagName(bytes[nameRange])
    // After attribute name.
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
      return Attribute(name: name, nameRange: nameRange, value: index..<index)
    }
    index += 1
    // Before attribute value.
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    let quote = bytes[index]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let valueStart = index + 1
      index = valueStart
      while index < bytes.count, bytes[index] != quote { index += 1 }
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return Attribute(name: name, nameRange: nameRange, value: valueStart..<index)
    }
    if quote == UInt8(ascii: ">") {
      return Attribute(name: name, nameRange: nameRange, value: index..<index)
    }
    let valueStart = index
    while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
      index += 1
    }
    return Attribute(name: name, nameRange: nameRange, value: valueStart..<index)
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// Tab, LF, FF, CR (LF once preprocessed) and space: the tokenizer's white space.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
  }
}
