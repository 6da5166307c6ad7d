import RenderStyling

/// The text being laid out: UTF-8 bytes, style runs and blocks, plus the line state that
/// decides, as a browser does, which white space shows and where blocks begin and end.
///
/// Blocks open lazily, when visible content arrives, so empty elements leave no trace and
/// white space at the start and end of a block disappears. Collapsible white space is held
/// back as one pending space that is written only when content follows on the same line.
struct TextFlow {
  /// The text and its runs so far.
  private(set) var buffer: StyledTextBuffer
  /// The blocks so far.
  private(set) var blocks: [TextBlock] = []
  /// The layout a block opened now gets (the innermost open element's).
  var context = BlockContext()

  private var blockIsOpen = false
  private var atLineStart = true
  private var pendingSpaceStyle: Int32?
  private var pendingBreaks = 0
  private var pendingBreakStyle: Int32 = 0
  private var pendingMarker: (text: String, style: Int32)?
  /// The `id` of a block-level element entered since the last block opened: the next block's.
  private var pendingAnchor: String?
  /// Margins met since the last block's content: they make the gap before the next block.
  private var gap = CollapsedMargin()
  /// The bottom margins that close right after the last block: its own spacing after.
  private var trailing = CollapsedMargin()
  private var collectingTrailing = false

  /// Prepares for about `byteCapacity` bytes of text.
  init(byteCapacity: Int) {
    buffer = StyledTextBuffer(byteCapacity: byteCapacity)
  }

  // MARK: Block structure

  /// A block-level element starts: the current block ends and its top margin joins the gap.
  mutating func enterBlockLevel(marginTop: Double) {
    closeBlock()
    collectingTrailing = false
    gap.add(marginTop)
  }

  /// A block-level element ends: the current block ends and its bottom margin joins the gap.
  mutating func leaveBlockLevel(marginBottom: Double) {
    closeBlock()
    gap.add(marginBottom)
    if collectingTrailing { trailing.add(marginBottom) }
  }

  /// A block boundary where no new block may start (inside a table cell): a collapsible space.
  mutating func softBreak(style: Int32) {
    noteSpace(style: style)
  }

  /// Drops a pending collapsible space (cell edges trim white space as block edges do).
  mutating func trimSpace() {
    pendingSpaceStyle = nil
  }

  /// The anchor the next block gets, unless an earlier one still waits for its block.
  mutating func setAnchor(_ anchor: String) {
    if pendingAnchor == nil { pendingAnchor = anchor }
  }

  /// The list marker the next content starts with.
  mutating func setMarker(_ text: String, style: Int32) {
    pendingMarker = (text, style)
  }

  /// Writes a marker that no content claimed (an empty list item) on a line of its own.
  mutating func flushMarkerAlone() {
    guard let marker = pendingMarker else { return }
    pendingMarker = nil
    if !blockIsOpen { openBlock(style: marker.style) }
    if let spaceStyle = pendingSpaceStyle {
      pendingSpaceStyle = nil
      buffer.append(0x20, style: spaceStyle)
    }
    appendMarker(marker.text, style: marker.style)
    atLineStart = false
  }

  /// Ends everything: the last block takes the margins that close after it.
  mutating func finish() {
    closeBlock()
    if !blocks.isEmpty { blocks[blocks.count - 1].spacingAfter = max(0, gap.value) }
  }

  // MARK: Content

  /// Appends a text node's characters, collapsing or keeping white space as `whiteSpace` says.
  mutating func appendText(_ text: String, style: Int32, whiteSpace: ComputedStyle.WhiteSpace) {
    var text = text
    text.withUTF8 { appendText(utf8: $0, style: style, whiteSpace: whiteSpace) }
  }

  /// Appends valid UTF-8 text as ``appendText(_:style:whiteSpace:)`` does: a document's text
  /// read in place.
  mutating func appendText(
    utf8 bytes: UnsafeBufferPointer<UInt8>, style: Int32, whiteSpace: ComputedStyle.WhiteSpace
  ) {
    switch whiteSpace {
    case .normal, .nowrap: appendCollapsing(bytes, style: style, keepingNewlines: false)
    case .preLine: appendCollapsing(bytes, style: style, keepingNewlines: true)
    case .pre, .preWrap: appendPreserving(bytes, style: style)
    }
  }

  /// Appends text that is shown as it is (a rule's line).
  mutating func appendLiteral(_ text: String, style: Int32) {
    prepareContent(style: style)
    buffer.append(text, style: style)
  }

  /// A forced line break (`<br>`, a kept newline): written as U+2028 once content follows on
  /// the same block, so that a break at the very end of a block adds no empty line.
  mutating func forcedBreak(style: Int32) {
    beginContent(style: style)
    pendingSpaceStyle = nil
    if pendingBreaks == 0 { pendingBreakStyle = style }
    pendingBreaks += 1
    atLineStart = true
  }

  /// The tab between two table cells of a row.
  /// Gives the open table row its cells' alignments and whether it is a header row.
  mutating func describeTableRow(
    cellAlignments: [ComputedStyle.TextAlignment], isHeader: Bool
  ) {
    guard blockIsOpen, let last = blocks.indices.last, blocks[last].kind == .tableRow else {
      return
    }
    blocks[last].cellAlignments = cellAlignments
    blocks[last].isHeaderRow = isHeader
  }

  mutating func appendCellSeparator(style: Int32) {
    pendingSpaceStyle = nil
    prepareContent(style: style)
    buffer.append(0x09, style: style)
    atLineStart = true
  }

  private mutating func appendCollapsing(
    _ bytes: UnsafeBufferPointer<UInt8>, style: Int32, keepingNewlines: Bool
  ) {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if Self.isCollapsible(byte) {
        if keepingNewlines && (byte == 0x0A || byte == 0x0D) {
          if byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
          forcedBreak(style: style)
        } else {
          noteSpace(style: style)
        }
        index += 1
        continue
      }
      // One space between two words is already collapsed: copy such runs of words whole.
      var end = index + 1
      while end < count {
        if count - end >= 8, Self.continuesRun(ByteWord(bytes, at: end)) {
          end += 8
          continue
        }
        let next = bytes[end]
        if !Self.isCollapsible(next) {
          end += 1
        } else if next == 0x20 && end + 1 < count && !Self.isCollapsible(bytes[end + 1]) {
          end += 1
        } else {
          break
        }
      }
      let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
      prepareContent(style: style)
      buffer.append(run, scalars: UTF8Scalars.count(in: run), style: style)
      index = end
    }
  }

  private mutating func appendPreserving(_ bytes: UnsafeBufferPointer<UInt8>, style: Int32) {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        if byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
        forcedBreak(style: style)
        index += 1
        continue
      }
      var end = index + 1
      while end < count && bytes[end] != 0x0A && bytes[end] != 0x0D {
        end += count - end >= 8 && ByteWord(bytes, at: end).controls == 0 ? 8 : 1
      }
      let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
      prepareContent(style: style)
      buffer.append(run, scalars: UTF8Scalars.count(in: run), style: style)
      index = end
    }
  }

  /// CSS document white space (and form feed, which HTML counts as white space too).
  private static func isCollapsible(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
  }

  /// Whether the eight bytes of `word` all belong to a run of text that collapsing leaves as
  /// it is: no control character (which holds every white space but the space), no two
  /// spaces side by side, and no space last, whose next byte the word cannot show. Text is
  /// mostly such words, so the runs are found eight bytes at a time.
  private static func continuesRun(_ word: ByteWord) -> Bool {
    guard word.controls == 0 else { return false }
    let spaces = word.marks(0x20)
    return spaces & (spaces &>> 8) == 0 && spaces & (1 &<< 63) == 0
  }

  private mutating func noteSpace(style: Int32) {
    // The space shown is the first one, with the style of the element it was written in.
    if blockIsOpen && !atLineStart && pendingSpaceStyle == nil { pendingSpaceStyle = style }
  }

  /// Opens the block and writes its marker if needed.
  private mutating func beginContent(style: Int32) {
    if !blockIsOpen { openBlock(style: style) }
    if let marker = pendingMarker {
      pendingMarker = nil
      if let spaceStyle = pendingSpaceStyle {
        pendingSpaceStyle = nil
        buffer.append(0x20, style: spaceStyle)
      }
      appendMarker(marker.text + " ", style: marker.style)
      atLineStart = true
    }
  }

  /// Writes what is pending before visible content: the block, its marker, line breaks, a space.
  private mutating func prepareContent(style: Int32) {
    beginContent(style: style)
    if pendingBreaks > 0 {
      appendLineSeparators(pendingBreaks)
      pendingBreaks = 0
    }
    if let spaceStyle = pendingSpaceStyle {
      pendingSpaceStyle = nil
      buffer.append(0x20, style: spaceStyle)
    }
    atLineStart = false
  }

  private mutating func openBlock(style: Int32) {
    if !blocks.isEmpty { buffer.append(0x0A, style: buffer.lastStyle ?? style) }
    let collapsed = max(0, gap.value)
    var spacingBefore = collapsed
    if !blocks.isEmpty {
      let spacingAfter = min(max(0, trailing.value), collapsed)
      blocks[blocks.count - 1].spacingAfter = spacingAfter
      spacingBefore = collapsed - spacingAfter
    }
    blocks.append(
      TextBlock(
        range: buffer.scalarCount..<buffer.scalarCount, kind: context.kind,
        indentLevel: context.indentLevel,
        indent: context.indent, alignment: context.alignment, spacingBefore: spacingBefore,
        backgroundColor: context.backgroundColor, quoteLevel: context.quoteLevel,
        anchor: pendingAnchor, alert: context.alert))
    pendingAnchor = nil
    blockIsOpen = true
    atLineStart = true
    gap = CollapsedMargin()
    trailing = CollapsedMargin()
  }

  private mutating func closeBlock() {
    guard blockIsOpen else { return }
    // A break at the very end of a block ends its last line; only the ones before it show.
    if pendingBreaks > 1 { appendLineSeparators(pendingBreaks - 1) }
    pendingBreaks = 0
    pendingSpaceStyle = nil
    let last = blocks.count - 1
    blocks[last].range = blocks[last].range.lowerBound..<buffer.scalarCount
    blockIsOpen = false
    atLineStart = true
    collectingTrailing = true
    gap = CollapsedMargin()
    trailing = CollapsedMargin()
  }

  // MARK: Storage

  private mutating func appendLineSeparators(_ count: Int) {
    for _ in 0..<count { buffer.appendLineSeparator(style: pendingBreakStyle) }
    atLineStart = true
  }

  /// Writes a marker, noting its length when it starts the block.
  private mutating func appendMarker(_ text: String, style: Int32) {
    let start = buffer.scalarCount
    buffer.append(text, style: style)
    let last = blocks.count - 1
    if blocks[last].range.lowerBound == start {
      blocks[last].markerLength = buffer.scalarCount - start
    }
  }
}
