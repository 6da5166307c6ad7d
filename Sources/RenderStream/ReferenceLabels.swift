import Foundation

/// Keys for link labels that are equal whenever CommonMark would match the labels: ASCII
/// letters lowercased, digits kept, everything else dropped. A label with any non-ASCII byte
/// (whose case folding may land on ASCII, as `ẞ` does on `ss`) has no key and matches every
/// label, so a key can only over-match, never miss.
enum ReferenceLabels {
  /// The keys of a block's text.
  struct Keys {
    /// The keys of every label the text may hold.
    var keys: Set<[UInt8]> = []
    /// Whether some label may match any key.
    var matchesAny = false

    /// Whether there is any label at all.
    var isEmpty: Bool { keys.isEmpty && !matchesAny }

    /// Whether a label of `self` may match one of `other`.
    func intersects(_ other: Keys) -> Bool {
      if isEmpty || other.isEmpty { return false }
      if matchesAny || other.matchesAny { return true }
      return !keys.isDisjoint(with: other.keys)
    }

    /// Adds the keys of `other`: the keys of a run of blocks are those of its blocks, since
    /// a label never spans two of them.
    mutating func formUnion(_ other: Keys) {
      guard !matchesAny else { return }
      if other.matchesAny {
        matchesAny = true
        keys = []
        return
      }
      keys.formUnion(other.keys)
      if keys.count > mostKeys { matchesAny = true }
    }
  }

  /// The longest label CommonMark accepts is 999 characters, at most 4 bytes each.
  private static let longestLabel = 4 * 999
  /// Past this many keys a block is taken to match any label, so that a text made of
  /// brackets costs no more than its length.
  private static let mostKeys = 4096

  /// Every text between a `[` and a later `]` with no unescaped `[` between them, outside
  /// code (``codeRanges(in:)``): the labels the block may use or define.
  static func labels(in text: ArraySlice<UInt8>) -> Keys {
    var result = Keys()
    // Most blocks have no bracket: no code to find.
    guard hasBracket(text) else { return result }
    var index = text.startIndex
    var code = codeRanges(in: text)[...]
    while let open = text[index...].firstIndex(of: 0x5B) {
      while let first = code.first, first.upperBound <= open { code.removeFirst() }
      if let first = code.first, first.contains(open) {
        index = first.upperBound
        continue
      }
      var position = open + 1
      var key: [UInt8] = []
      var asciiOnly = true
      var lineIsBlank = false
      let limit = min(text.endIndex, position + longestLabel)
      while position < limit {
        let byte = text[position]
        if byte == 0x5B, text[position - 1] != 0x5C { break }
        // A label cannot span a blank line.
        if byte == 0x0A || byte == 0x0D {
          if lineIsBlank && byte == 0x0A && text[position - 1] != 0x0D { break }
          lineIsBlank = true
        } else if byte != 0x20 && byte != 0x09 {
          lineIsBlank = false
        }
        if byte == 0x5D {
          if asciiOnly { result.keys.insert(key) } else { result.matchesAny = true }
        } else if byte >= 0x80 {
          asciiOnly = false
        } else if let folded = folded(byte) {
          key.append(folded)
        }
        position += 1
      }
      if result.keys.count > mostKeys {
        result.matchesAny = true
        return result
      }
      index = open + 1
    }
    return result
  }

  /// The parts of `text` that are surely code or an autolink, where no bracket is a label:
  /// fenced code blocks opened in the first column (which, whatever precedes them, end only
  /// at their closing line), code spans within one line, and URI autolinks. Anything unsure
  /// is left out, so that a label is never missed: after a line with a backtick run that
  /// closes on no later run of it (a span may go on to the next line, whose pairs are then
  /// off by one) no line is searched for code spans until a blank line, nor is a line with a
  /// `<` that starts no autolink (a backtick inside a raw HTML tag opens no span).
  static func codeRanges(in text: ArraySlice<UInt8>) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var lineStart = text.startIndex
    var fence: (character: UInt8, length: Int, start: Int)?
    var spansPaired = true
    while lineStart < text.endIndex {
      let lineEnd = text[lineStart...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? text.endIndex
      let shape = LineShape(text[lineStart..<lineEnd])
      if let open = fence {
        if shape.closesFence(character: open.character, length: open.length) {
          ranges.append(open.start..<lineEnd)
          fence = nil
        }
      } else if shape.startsFlush, let opening = shape.fenceOpening {
        fence = (opening.character, opening.length, lineStart)
      } else if shape.isBlank {
        spansPaired = true
      } else {
        spansPaired =
          inlineCode(in: text[lineStart..<lineEnd], spans: spansPaired, into: &ranges)
          && spansPaired
      }
      lineStart = lineEnd + 1
    }
    if let open = fence { ranges.append(open.start..<text.endIndex) }
    return ranges
  }

  /// The autolinks of one line and, with `spans`, its code spans, in order; false when the
  /// line may leave a code span open (or its backticks were not paired).
  private static func inlineCode(
    in line: ArraySlice<UInt8>, spans: Bool, into ranges: inout [Range<Int>]
  ) -> Bool {
    var autolinks: [Range<Int>] = []
    var plainTag = false
    var index = line.startIndex
    while let open = line[index...].firstIndex(of: 0x3C) {
      if let end = autolinkEnd(in: line, at: open) {
        autolinks.append(open..<end)
        index = end
      } else {
        plainTag = true
        index = open + 1
      }
    }
    guard spans, !plainTag else {
      ranges += autolinks
      return !line.contains(0x60)
    }
    index = line.startIndex
    var unclosed: Set<Int> = []
    var nextLink = 0
    while index < line.endIndex {
      while nextLink < autolinks.count, autolinks[nextLink].upperBound <= index { nextLink += 1 }
      if nextLink < autolinks.count, autolinks[nextLink].lowerBound == index {
        ranges.append(autolinks[nextLink])
        index = autolinks[nextLink].upperBound
        continue
      }
      let byte = line[index]
      if byte == 0x5C {
        index += 2
        continue
      }
      guard byte == 0x60 else {
        index += 1
        continue
      }
      let length = run(of: 0x60, in: line, at: index)
      var search = index + length
      var closed: Int?
      while closed == nil, !unclosed.contains(length),
        let next = line[search...].firstIndex(of: 0x60)
      {
        let closing = run(of: 0x60, in: line, at: next)
        if closing == length { closed = next + closing }
        search = next + closing
      }
      if let closed {
        ranges.append(index..<closed)
        index = closed
      } else {
        // No closer on the line: the run is literal, and so is every later run this long.
        unclosed.insert(length)
        index += length
      }
    }
    return unclosed.isEmpty
  }

  /// The end of the URI autolink starting at `open` (a `<`), if one does: a scheme of 2 to
  /// 32 characters, `:`, then no blank, `<` or `>` before the closing `>`.
  private static func autolinkEnd(in line: ArraySlice<UInt8>, at open: Int) -> Int? {
    var index = open + 1
    guard index < line.endIndex, line[index] | 0x20 >= 0x61, line[index] | 0x20 <= 0x7A else {
      return nil
    }
    while index < line.endIndex, index - open <= 33 {
      let byte = line[index]
      let isSchemeByte =
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == 0x2B || byte == 0x2E || byte == 0x2D
      guard isSchemeByte else { break }
      index += 1
    }
    guard index < line.endIndex, line[index] == 0x3A, index - open - 1 >= 2 else { return nil }
    while index < line.endIndex {
      let byte = line[index]
      if byte == 0x3E { return index + 1 }
      if byte <= 0x20 || byte == 0x3C { return nil }
      index += 1
    }
    return nil
  }

  private static func run(of byte: UInt8, in text: ArraySlice<UInt8>, at index: Int) -> Int {
    var end = index
    while end < text.endIndex, text[end] == byte { end += 1 }
    return end - index
  }

  /// The labels `text` may define: on each line whose first non-blank character (past any
  /// `>` and list markers) is `[`, the text up to the first `]`; a label that does not close
  /// on its line matches any key.
  static func definedLabels(in text: ArraySlice<UInt8>) -> Keys {
    var result = Keys()
    var lineStart = text.startIndex
    while lineStart < text.endIndex {
      let lineEnd = text[lineStart...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? text.endIndex
      var position = lineStart
      while position < lineEnd, [0x20, 0x09, 0x3E].contains(text[position]) { position += 1 }
      if position < lineEnd, text[position] == 0x5B {
        var key: [UInt8] = []
        var asciiOnly = true
        var closed = false
        position += 1
        while position < lineEnd {
          let byte = text[position]
          if byte == 0x5D, text[position - 1] != 0x5C {
            closed = true
            break
          }
          if byte >= 0x80 {
            asciiOnly = false
          } else if let folded = folded(byte) {
            key.append(folded)
          }
          position += 1
        }
        if closed && asciiOnly { result.keys.insert(key) } else { result.matchesAny = true }
      }
      lineStart = lineEnd + 1
    }
    return result
  }

  /// Whether `text` holds a `[`, which every label, definition and footnote starts with.
  static func hasBracket(_ text: ArraySlice<UInt8>) -> Bool {
    text.withUnsafeBufferPointer { bytes in
      guard let start = bytes.baseAddress else { return false }
      return memchr(start, 0x5B, bytes.count) != nil
    }
  }

  /// Whether `text` may hold a link reference definition: a `]:` somewhere.
  static func mayDefine(_ text: ArraySlice<UInt8>) -> Bool {
    var index = text.startIndex
    while let close = text[index...].firstIndex(of: 0x5D) {
      if close + 1 < text.endIndex, text[close + 1] == 0x3A { return true }
      index = close + 1
    }
    return false
  }

  private static func folded(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39, 0x61...0x7A: byte
    case 0x41...0x5A: byte + 0x20
    default: nil
    }
  }
}
