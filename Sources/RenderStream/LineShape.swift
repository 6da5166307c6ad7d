/// What the block splitter needs to know about one line of Markdown, read from its bytes
/// (line end excluded) without parsing any inline syntax.
struct LineShape {
  /// The line's bytes, line end excluded.
  let bytes: ArraySlice<UInt8>
  /// The column of its first non-blank character, tabs advancing to the next multiple of 4.
  let indent: Int
  /// The index in `bytes` of the first character that is neither a space nor a tab.
  let contentStart: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    var column = 0
    var index = bytes.startIndex
    while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 {
      column = bytes[index] == 0x09 ? column + 4 - column % 4 : column + 1
      index += 1
    }
    indent = column
    contentStart = index
  }

  /// Whether the line holds only spaces and tabs.
  var isBlank: Bool { contentStart == bytes.endIndex }

  /// Whether the line starts in the first column with visible text.
  var startsFlush: Bool { !isBlank && contentStart == bytes.startIndex }

  /// The byte at `offset` past the first non-blank character, if the line is that long.
  func byte(_ offset: Int) -> UInt8? {
    let index = contentStart + offset
    return index < bytes.endIndex ? bytes[index] : nil
  }

  /// Whether the line may open a fence, an HTML block or front matter: it starts, at most
  /// three columns in, with a backtick, a tilde, `<` or `-`.
  var mayOpenAnything: Bool {
    guard indent <= 3, let first = byte(0) else { return false }
    return first == 0x60 || first == 0x7E || first == 0x3C || first == 0x2D || first == 0xEF
  }

  /// A fence that can open a fenced code block: three or more backticks (with no backtick in
  /// the info string) or tildes, at most three columns in.
  var fenceOpening: (character: UInt8, length: Int)? {
    guard indent <= 3, let first = byte(0), first == 0x60 || first == 0x7E else { return nil }
    let length = run(of: first)
    guard length >= 3 else { return nil }
    if first == 0x60, bytes[(contentStart + length)...].contains(0x60) { return nil }
    return (first, length)
  }

  /// Whether the line is an ATX heading's: one to six `#`, then a blank or the line end, at
  /// most three columns in.
  var isATXHeading: Bool {
    guard indent <= 3, byte(0) == 0x23 else { return false }
    let count = run(of: 0x23)
    guard count <= 6, let after = byte(count) else { return count <= 6 }
    return after == 0x20 || after == 0x09
  }

  /// Whether the line closes a fence of `character` opened with `length` of them.
  func closesFence(character: UInt8, length: Int) -> Bool {
    guard indent <= 3, byte(0) == character else { return false }
    let count = run(of: character)
    guard count >= length else { return false }
    return bytes[(contentStart + count)...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// Whether the line could start a list item: a bullet or an ordinal of up to nine digits
  /// with its delimiter, followed by a space, a tab or the line end, at most three columns in.
  var mayStartListItem: Bool {
    guard indent <= 3, let first = byte(0) else { return false }
    var markerLength = 0
    if first == 0x2D || first == 0x2B || first == 0x2A {
      markerLength = 1
    } else {
      var digits = 0
      while let digit = byte(digits), digit >= 0x30, digit <= 0x39 { digits += 1 }
      guard (1...9).contains(digits), let delimiter = byte(digits),
        delimiter == 0x2E || delimiter == 0x29
      else { return false }
      markerLength = digits + 1
    }
    guard let after = byte(markerLength) else { return true }
    return after == 0x20 || after == 0x09
  }

  /// Whether the line, trimmed of trailing blanks, is exactly `text` after its indent.
  func isExactly(_ text: String) -> Bool {
    var end = bytes.endIndex
    while end > contentStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return bytes[contentStart..<end].elementsEqual(text.utf8)
  }

  /// Whether the line contains `needle` at or after its first non-blank character,
  /// ASCII letters compared without case.
  func contains(_ needle: [UInt8]) -> Bool {
    guard let first = needle.first, bytes.endIndex - contentStart >= needle.count else {
      return false
    }
    var index = contentStart
    let last = bytes.endIndex - needle.count
    while index <= last {
      if lowercased(bytes[index]) == first {
        var matched = 1
        while matched < needle.count, lowercased(bytes[index + matched]) == needle[matched] {
          matched += 1
        }
        if matched == needle.count { return true }
      }
      index += 1
    }
    return false
  }

  /// Whether the text after the indent starts with `prefix` (lowercase ASCII), without case.
  func starts(with prefix: [UInt8]) -> Bool {
    guard bytes.endIndex - contentStart >= prefix.count else { return false }
    for (offset, expected) in prefix.enumerated()
    where lowercased(bytes[contentStart + offset]) != expected {
      return false
    }
    return true
  }

  private func run(of character: UInt8) -> Int {
    var count = 0
    while byte(count) == character { count += 1 }
    return count
  }

  private func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}
