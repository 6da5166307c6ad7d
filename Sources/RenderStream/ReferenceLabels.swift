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
  }

  /// The longest label CommonMark accepts is 999 characters, at most 4 bytes each.
  private static let longestLabel = 4 * 999
  /// Past this many keys a block is taken to match any label, so that a text made of
  /// brackets costs no more than its length.
  private static let mostKeys = 4096

  /// Every text between a `[` and a later `]` with no unescaped `[` between them: the
  /// labels the block may use or define.
  static func labels(in text: ArraySlice<UInt8>) -> Keys {
    var result = Keys()
    var index = text.startIndex
    while let open = text[index...].firstIndex(of: 0x5B) {
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
