extension StyledText {
  /// The text as a reader expects it in a file or a terminal.
  ///
  /// Blocks are laid out by ``BlockLayout``, the rule every text output shares: a blank line
  /// between blocks except items of one list and rows of one table, two spaces per level of
  /// quote or list nesting, a list item's marker hanging into the last level and its further
  /// lines aligned after the marker. A line break inside a block (U+2028 in ``string``)
  /// becomes a newline. Table cells stay separated by a tab. There is no trailing newline.
  ///
  /// ```swift
  /// styled.plainText  // "Title\n\n• one\n• two"
  /// ```
  public var plainText: String { PlainTextWriter(self).write() }
}

/// Writes ``StyledText/plainText`` in one pass over the UTF-8 bytes.
struct PlainTextWriter {
  private let styled: StyledText

  init(_ styled: StyledText) {
    self.styled = styled
  }

  func write() -> String {
    var text = styled.string
    let blocks =
      styled.blocks.isEmpty
      ? [TextBlock(range: 0..<Int.max, kind: .paragraph)] : styled.blocks
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count + blocks.count * 2)
    text.withUTF8 { bytes in
      var byte = 0
      var scalar = 0
      var previous: TextBlock?
      for block in blocks {
        // Skip to the block's start (past the separator the string has).
        while scalar < block.range.lowerBound && byte < bytes.count {
          byte += Self.scalarLength(bytes[byte])
          scalar += 1
        }
        if let previous {
          output.append(0x0A)
          if BlockLayout.hasBlankLine(between: previous, and: block) { output.append(0x0A) }
        }
        previous = block
        let indentation = BlockLayout.indentation(of: block)
        let quotes = indentation.quoteLevel * BlockLayout.columnsPerLevel
        let indent = quotes + indentation.firstLine
        let hangingIndent = quotes + indentation.continuation
        output.append(contentsOf: repeatElement(0x20, count: indent))
        // Copy the block in chunks, each line separator becoming a newline and the indent.
        var chunkStart = byte
        while scalar < block.range.upperBound && byte < bytes.count {
          let lead = bytes[byte]
          if lead == 0xE2 && bytes[byte + 1] == 0x80 && bytes[byte + 2] == 0xA8 {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<byte]))
            output.append(0x0A)
            output.append(contentsOf: repeatElement(0x20, count: hangingIndent))
            byte += 3
            chunkStart = byte
          } else {
            byte += lead < 0x80 ? 1 : Self.scalarLength(lead)
          }
          scalar += 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<byte]))
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The byte count of the scalar that starts with `lead` (valid UTF-8).
  static func scalarLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0..<0x80: return 1
    case 0xF0...: return 4
    case 0xE0...: return 3
    default: return 2
    }
  }
}
