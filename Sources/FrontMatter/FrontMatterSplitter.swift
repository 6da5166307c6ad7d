/// Finds a leading YAML block: `---` alone on the first line, then the YAML, then `---` or
/// `...` alone on a line. Trailing spaces and tabs after a fence are allowed, and so is a
/// byte-order mark before the first one; lines end with LF, CRLF or CR.
///
/// The body keeps the document's line numbers: the block's lines become empty lines (which no
/// Markdown engine shows), so source positions and error lines still point at the file.
struct FrontMatterSplitter {
  /// The YAML between the fences, and the document with the block blanked out.
  struct Split: Equatable {
    /// The text between the fences, line ends as written.
    var yaml: Substring
    /// The document from just after the closing fence's line, prefixed by one newline per
    /// line of the block, fences included.
    var body: String
    /// The number of lines the block took, fences included.
    var lineCount: Int
  }

  /// The split of `markdown`, or nil when it does not start with a closed YAML block.
  static func split(_ markdown: String) -> Split? {
    let utf8 = markdown.utf8
    // Told from the bytes first: walking a long first line (a hostile document may be one
    // line of a megabyte) by string indices costs far more than a search of its bytes.
    guard opensWithFence(utf8) else { return nil }
    var index = utf8.startIndex
    // A byte-order mark before the fence (EF BB BF) is not part of the text.
    if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { index = utf8.index(index, offsetBy: 3) }
    guard let first = line(in: utf8, from: index), isFence(utf8[first.content], closing: false)
    else { return nil }
    let yamlStart = first.next
    var lineCount = 1
    var position = yamlStart
    while let current = line(in: utf8, from: position) {
      lineCount += 1
      if isFence(utf8[current.content], closing: true) {
        let yaml = markdown[yamlStart..<current.content.lowerBound]
        let rest = markdown[current.next...]
        return Split(
          yaml: yaml, body: String(repeating: "\n", count: lineCount) + rest,
          lineCount: lineCount)
      }
      position = current.next
    }
    return nil
  }

  /// The line starting at `start`: its content (without the line end) and where the next
  /// line starts; nil at the end of the text.
  private static func line(in utf8: String.UTF8View, from start: String.Index)
    -> (content: Range<String.Index>, next: String.Index)?
  {
    guard start < utf8.endIndex else { return nil }
    var end = start
    while end < utf8.endIndex, utf8[end] != 0x0A, utf8[end] != 0x0D { end = utf8.index(after: end) }
    var next = end
    if next < utf8.endIndex {
      let isCarriageReturn = utf8[next] == 0x0D
      next = utf8.index(after: next)
      if isCarriageReturn, next < utf8.endIndex, utf8[next] == 0x0A {
        next = utf8.index(after: next)
      }
    }
    return (start..<end, next)
  }

  /// Whether the UTF-8 `bytes` open with a fence line (after a byte-order mark), the one
  /// thing every split needs: bytes that do not cannot be split, so need not be decoded.
  static func opensWithFence(_ bytes: some Collection<UInt8>) -> Bool {
    // Read through a buffer: slicing a collection of a type known only at run time looks its
    // slice types up in the runtime, a twentieth of `render`'s own start-up work.
    if let opens = bytes.withContiguousStorageIfAvailable(opensWithFence(buffer:)) {
      return opens
    }
    return Array(bytes.prefix { $0 != 0x0A && $0 != 0x0D }).withUnsafeBufferPointer(
      opensWithFence(buffer:))
  }

  private static func opensWithFence(buffer bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    return isFence(rest.prefix { $0 != 0x0A && $0 != 0x0D }, closing: false)
  }

  /// `---` (or, closing, `...`) followed by nothing but spaces and tabs.
  private static func isFence(_ line: some Collection<UInt8>, closing: Bool) -> Bool {
    guard let first = line.first,
      first == UInt8(ascii: "-") || (closing && first == UInt8(ascii: "."))
    else { return false }
    var count = 0
    for byte in line {
      if count < 3 {
        guard byte == first else { return false }
        count += 1
      } else if byte != 0x20 && byte != 0x09 {
        return false
      }
    }
    return count == 3
  }
}
