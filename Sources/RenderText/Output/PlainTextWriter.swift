import RenderCore
import RenderStyling

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
  public var plainText: String { String(decoding: plainTextUTF8, as: UTF8.self) }

  /// ``plainText`` as UTF-8 bytes, for outputs that write bytes: making a `String` of them
  /// would only check again text that is valid UTF-8 already.
  package var plainTextUTF8: [UInt8] {
    var text = string
    return text.withUTF8 { PlainTextWriter(self).write($0) }
  }

  /// The plain text of `document` as ``plainTextUTF8`` writes it, laid out with `styles`
  /// without making the ``StyledText`` first: its `String` would be checked as UTF-8 only to
  /// be read back as bytes.
  package static func plainTextUTF8(of document: Document, styles: CascadedStyles) -> [UInt8] {
    StyledTextBuilder(document: document, styles: styles).buildPlainText()
  }
}

/// Writes ``StyledText/plainText`` in one pass over the UTF-8 bytes.
struct PlainTextWriter {
  private let blocks: [TextBlock]
  private let runs: [StyledText.IndexedRun]
  private let styles: [TextStyle]

  init(_ styled: StyledText) {
    self.init(blocks: styled.blocks, runs: styled.indexedRuns, styles: styled.uniqueStyles)
  }

  /// A writer of text laid out in `blocks`, with `runs` naming their styles in `styles`.
  init(blocks: [TextBlock], runs: [StyledText.IndexedRun], styles: [TextStyle]) {
    self.blocks = blocks
    self.runs = runs
    self.styles = styles
  }

  /// A change plain text makes at a scalar offset: a byte put in, or the text up to `skipTo`
  /// left out.
  private struct Edit {
    var scalar: Int
    var insert: UInt8?
    var skipTo: Int?
  }

  /// Brackets around a footnote reference (`[1]`, as the terminal shows it), and a footnote's
  /// link back to it (`↩`) left out: a reader of a file can follow neither link.
  private func footnoteEdits() -> [Edit] {
    var edits: [Edit] = []
    var open: (link: String, end: Int)?
    for run in runs {
      guard let link = styles[run.styleIndex].link else { continue }
      if FootnoteLink.isReference(link) {
        if let last = open, last.link == link, last.end == run.range.lowerBound {
          // The same reference goes on in another style: its bracket closes later.
          edits.removeLast()
        } else {
          edits.append(Edit(scalar: run.range.lowerBound, insert: UInt8(ascii: "[")))
        }
        edits.append(Edit(scalar: run.range.upperBound, insert: UInt8(ascii: "]")))
        open = (link, run.range.upperBound)
      } else if FootnoteLink.isBackReference(link) {
        edits.append(Edit(scalar: run.range.lowerBound, skipTo: run.range.upperBound))
      }
    }
    return edits
  }

  /// The plain text of `bytes`, the laid-out text's valid UTF-8.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    let edits = footnoteEdits()
    var nextEdit = 0
    let blocks =
      self.blocks.isEmpty
      ? [TextBlock(range: 0..<Int.max, kind: .paragraph)] : self.blocks
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + blocks.count * 2)
    var byte = 0
    var scalar = 0
    var previous: TextBlock?
    for (index, block) in blocks.enumerated() {
      // Skip to the block's start (past the separator the string has).
      while scalar < block.range.lowerBound && byte < bytes.count {
        byte += Self.scalarLength(bytes[byte])
        scalar += 1
      }
      while nextEdit < edits.count, edits[nextEdit].scalar < block.range.lowerBound {
        nextEdit += 1
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
        if nextEdit < edits.count, edits[nextEdit].scalar <= scalar {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<byte]))
          let edit = edits[nextEdit]
          nextEdit += 1
          if let insert = edit.insert { output.append(insert) }
          if let end = edit.skipTo {
            if output.last == 0x20 { output.removeLast() }
            while scalar < min(end, block.range.upperBound) && byte < bytes.count {
              byte += Self.scalarLength(bytes[byte])
              scalar += 1
            }
          }
          chunkStart = byte
          continue
        }
        // Up to the next edit or the block's end only line separators need a look, so the
        // edits are not consulted byte by byte.
        let stop =
          nextEdit < edits.count
          ? min(edits[nextEdit].scalar, block.range.upperBound) : block.range.upperBound
        while scalar < stop && byte < bytes.count {
          // Eight bytes at a time while they hold no line separator and end where a scalar
          // does: at most eight scalars, so never past the stop.
          if stop - scalar >= 8, bytes.count - byte > 8, bytes[byte + 8] & 0xC0 != 0x80 {
            // Every U+2028 LINE SEPARATOR starts with 0xE2.
            let word = ByteWord(bytes, at: byte)
            if word.marks(0xE2) == 0 {
              byte += 8
              scalar += word.scalarStarts
              continue
            }
          }
          let lead = bytes[byte]
          if lead < 0x80 {
            byte += 1
          } else if lead == 0xE2 && bytes[byte + 1] == 0x80 && bytes[byte + 2] == 0xA8 {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<byte]))
            output.append(0x0A)
            output.append(contentsOf: repeatElement(0x20, count: hangingIndent))
            byte += 3
            chunkStart = byte
          } else {
            byte += Self.scalarLength(lead)
          }
          scalar += 1
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<byte]))
      // A reference's closing bracket at the block's end (its run can take in the separator).
      let nextStart = index + 1 < blocks.count ? blocks[index + 1].range.lowerBound : Int.max
      while nextEdit < edits.count, edits[nextEdit].scalar <= max(scalar, nextStart),
        edits[nextEdit].insert == UInt8(ascii: "]")
      {
        if let insert = edits[nextEdit].insert { output.append(insert) }
        nextEdit += 1
      }
    }
    return output
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
