import Foundation
import RenderStyling
import RenderText

/// Reads ``StyledText`` as terminal cells: grapheme clusters with their widths and styles,
/// the styles interned in a table the line writer reads.
struct TerminalCellReader {
  /// The interned styles; index 0 is the plain style.
  private(set) var styles: [TerminalStyle] = [.plain]
  private var styleIndices: [TerminalStyle: Int] = [.plain: 0]
  /// The bytes the cells' texts point into, the text's own among them.
  private(set) var glyphs: TerminalGlyphs
  private let string: String
  /// Where each marker's opening and closing text is in ``glyphs``.
  private var markerTexts:
    [TerminalMarker: (opening: TerminalGlyphs.Text, closing: TerminalGlyphs.Text)] = [:]
  /// The columns of each BMP scalar met so far (0xFF: not yet asked).
  private var widths = [UInt8](repeating: 0xFF, count: 0x10000)
  private var cursor = ScalarCursor()
  private let runs: [StyledText.IndexedRun]
  private let runStyles: [TextStyle]
  private let canvas: TerminalCanvas
  private let showsStyles: Bool
  private let showsHyperlinks: Bool
  /// Whether a task box is written `[x]`/`[ ]` rather than `☑`/`☐` (a terminal whose locale
  /// is not UTF-8).
  private let asciiTaskBoxes: Bool

  /// The number of Unicode scalars in the text.
  let scalarCount: Int

  init(
    _ text: StyledText, colorMode: TerminalColorMode, hyperlinks: Bool,
    asciiTaskBoxes: Bool = false
  ) {
    string = text.string
    glyphs = TerminalGlyphs(source: text.string)
    var source = text.string
    scalarCount = source.withUTF8 { UTF8Scalars.count(in: $0) }
    runs = text.indexedRuns
    runStyles = text.uniqueStyles
    canvas = TerminalCanvas(text)
    showsStyles = colorMode != .none
    showsHyperlinks = showsStyles && hyperlinks
    self.asciiTaskBoxes = asciiTaskBoxes
    for marker in TerminalMarker.allCases {
      markerTexts[marker] = (glyphs.add(marker.opening), glyphs.add(marker.closing))
    }
  }

  /// The index of `style` in ``styles``, added when new.
  mutating func intern(_ style: TerminalStyle) -> Int {
    if let index = styleIndices[style] { return index }
    styles.append(style)
    styleIndices[style] = styles.count - 1
    return styles.count - 1
  }

  /// Keeps text the layout adds (a rule) for a cell.
  mutating func add(_ text: String) -> TerminalGlyphs.Text {
    glyphs.add(text)
  }

  /// The style of the run at a scalar offset (the default style where no run covers it).
  func textStyle(at offset: Int) -> TextStyle {
    let index = firstRun(endingAfter: offset)
    guard index < runs.count, runs[index].range.contains(offset) else { return TextStyle() }
    return runStyles[runs[index].styleIndex]
  }

  /// The text colour at a scalar offset, unless it is the page's own.
  func foreground(at offset: Int) -> CSSColor? {
    let color = TerminalStyle(textStyle(at: offset)).foreground
    return color == canvas.foreground ? nil : color
  }

  /// The cells of a block, and the columns of its list marker with the space after it
  /// (which wrapped lines are indented by). Without visible hyperlinks, or when the target is
  /// too long for one (``TerminalStyle/fitsHyperlink(_:)``), a link's target follows its text
  /// in parentheses (unless the text already says it), so none is lost.
  /// Images, footnote references and, without colour, bold, italics and code are marked
  /// (``TerminalMarker``); an `h3` and below starts with as many `#` as its level when there
  /// is no colour to set it apart.
  ///
  /// The cells replace what `cells` held (a buffer reused block after block); the marker
  /// width is returned.
  mutating func cells(of block: TextBlock, into cells: inout [TerminalCell]) -> Int {
    // The source's bytes are read through a copy of the string, so that the loop can add to
    // the glyphs meanwhile.
    var string = self.string
    cells.removeAll(keepingCapacity: true)
    cells.reserveCapacity(block.range.count)
    return string.withUTF8 { self.cells(of: block, source: $0, into: &cells) }
  }

  private mutating func cells(
    of block: TextBlock, source: UnsafeBufferPointer<UInt8>, into buffer: inout [TerminalCell]
  ) -> Int {
    // Appending to a local array skips a uniqueness check per cell that the caller's needs.
    var cells: [TerminalCell] = []
    swap(&cells, &buffer)
    defer { swap(&cells, &buffer) }
    var markerWidth = 0
    var run = firstRun(endingAfter: block.range.lowerBound)
    // The run whose style is current (-1: none yet, -2: text no run covers).
    var styledRun = -1
    var style = 0
    // The open link and the byte offset where its text starts.
    var link: (target: String, start: Int)?
    var markers: [TerminalMarker] = []
    var skipsRun = false
    var offset = block.range.lowerBound
    if block.kind == .heading, !showsStyles,
      let level = textStyle(at: block.range.lowerBound).headingLevel, level >= 3
    {
      append(String(repeating: "#", count: level), style: 0, to: &cells)
      cells.append(TerminalCell.space(style: 0))
    }
    let startByte = cursor.byteOffset(at: block.range.lowerBound, in: source)
    let endByte = cursor.byteOffset(at: block.range.upperBound, in: source)
    let base = glyphs.sourceStart
    var clusters = GraphemeClusterIterator(string, from: startByte, to: endByte)
    // Where the covering run can change next: the current run's end, or the next run's start
    // in text that no run covers.
    var boundary = offset
    while let cluster = clusters.next(in: source, base: 0) {
      if offset >= boundary || styledRun == -1 {
        while run < runs.count, runs[run].range.upperBound <= offset { run += 1 }
        let covering = run < runs.count && runs[run].range.contains(offset) ? run : -2
        boundary =
          run == runs.count
          ? Int.max
          : covering >= 0 ? runs[run].range.upperBound : runs[run].range.lowerBound
        if covering != styledRun {
          let textStyle = covering >= 0 ? runStyles[runs[covering].styleIndex] : TextStyle()
          let newMarkers = TerminalMarker.markers(
            for: textStyle, in: block, showsStyles: showsStyles)
          let kept = zip(markers, newMarkers).prefix { $0 == $1 }.count
          for marker in markers[kept...].reversed() {
            append(marker, opening: false, style: style, to: &cells)
          }
          // Without colour every style is the plain one: nothing to look up.
          style = showsStyles ? intern(terminalStyle(textStyle, in: block)) : 0
          styledRun = covering
          if link?.target != textStyle.link {
            if let link {
              appendTarget(link, end: cluster.offset, source: source, to: &cells, in: block)
            }
            link = textStyle.link.map { ($0, cluster.offset) }
          }
          skipsRun = textStyle.link.map(TerminalMarker.isFootnoteBackReference) ?? false
          for marker in newMarkers[kept...] {
            append(marker, opening: true, style: style, to: &cells)
          }
          markers = newMarkers
        }
      }
      if skipsRun {
        offset += cluster.scalarCount
        continue
      }
      if asciiTaskBoxes, cluster.scalarCount == 1,
        let state = Unicode.Scalar(cluster.scalar).flatMap(TaskState.init(glyph:)),
        styledRun >= 0, runStyles[runs[styledRun].styleIndex].taskState != nil
      {
        append(state.ascii, style: style, to: &cells)
        offset += 1
        continue
      }
      let start = base + cluster.offset
      let cell =
        if cluster.scalarCount > 1 {
          TerminalCell(
            Character(
              String(
                decoding: UnsafeBufferPointer(
                  rebasing: source[cluster.offset..<cluster.offset + cluster.byteCount]),
                as: UTF8.self)), at: start, style: style)
        } else if cluster.scalar < 0x80 {
          TerminalCell(ascii: UInt8(cluster.scalar), at: start, style: style)
        } else {
          TerminalCell(
            scalar: cluster.scalar, at: start, count: cluster.byteCount,
            width: width(of: cluster.scalar), style: style)
        }
      if offset - block.range.lowerBound < block.markerLength { markerWidth += cell.width }
      if cell.kind == .tab, !markers.isEmpty {
        // A table row's cells are split at tabs: each cell closes its own markers.
        for marker in markers.reversed() {
          append(marker, opening: false, style: style, to: &cells)
        }
        markers = []
        styledRun = -1
      }
      cells.append(cell)
      offset += cluster.scalarCount
      if !skipsRun, styledRun != -1, offset - block.range.lowerBound >= block.markerLength {
        // Until the run can change, printable ASCII is taken straight from the bytes: one
        // scalar, one cluster and one column each.
        let from = clusters.offset
        let stop = from + min(boundary - offset, endByte - from)
        let to = Self.appendPrintableASCII(
          source, from: from, stop: stop, end: endByte, base: base, style: style, to: &cells)
        offset += to - from
        clusters.offset = to
      }
    }
    for marker in markers.reversed() { append(marker, opening: false, style: style, to: &cells) }
    if let link { appendTarget(link, end: endByte, source: source, to: &cells, in: block) }
    return markerWidth
  }

  /// Appends the cells of the printable ASCII bytes of `source` from `from` on, up to `stop`
  /// or a byte that needs the general path (a control, a tab, non-ASCII, or ASCII that a
  /// following non-ASCII byte may join); returns where it stopped. `end` is the block's.
  @inline(__always)
  private static func appendPrintableASCII(
    _ source: UnsafeBufferPointer<UInt8>, from: Int, stop: Int, end: Int, base: Int, style: Int,
    to cells: inout [TerminalCell]
  ) -> Int {
    var position = from
    while position < stop {
      let byte = source[position]
      guard byte >= 0x20, byte < 0x7F, position + 1 == end || source[position + 1] < 0x80
      else { break }
      cells.append(TerminalCell(ascii: byte, at: base + position, style: style))
      position += 1
    }
    return position
  }

  /// Appends a marker's opening or closing text (ASCII, kept in the glyphs once).
  private func append(
    _ marker: TerminalMarker, opening: Bool, style: Int, to cells: inout [TerminalCell]
  ) {
    guard let texts = markerTexts[marker] else { return }
    let text = opening ? texts.opening : texts.closing
    for start in text.start..<text.start + text.count {
      cells.append(TerminalCell(ascii: glyphs.byte(at: start), at: start, style: style))
    }
  }

  /// The columns of a scalar, remembered for the BMP.
  private mutating func width(of scalar: UInt32) -> Int {
    guard scalar < 0x10000 else { return Unicode.Scalar(scalar).map(DisplayWidth.of) ?? 1 }
    let known = widths[Int(scalar)]
    if known != 0xFF { return Int(known) }
    let width = Unicode.Scalar(scalar).map(DisplayWidth.of) ?? 1
    widths[Int(scalar)] = UInt8(width)
    return width
  }

  /// Appends `text`, which the layout adds, as cells of one style.
  private mutating func append(_ text: String, style: Int, to cells: inout [TerminalCell]) {
    var start = glyphs.add(text).start
    for character in text {
      cells.append(TerminalCell(character, at: start, style: style))
      start += character.utf8.count
    }
  }

  /// The blocks to show, in order and inside the text, a quote at least one level deep; text
  /// that no block covers (other than the white space between blocks) becomes a paragraph,
  /// so none is lost.
  mutating func blocks(of text: StyledText) -> [TextBlock] {
    var blocks: [TextBlock] = []
    // Text that no block covers is rare: growing by doubling would copy them all (a book has
    // tens of thousands).
    blocks.reserveCapacity(text.blocks.count)
    var covered = 0
    for block in text.blocks {
      let start = min(max(block.range.lowerBound, covered), scalarCount)
      let end = min(max(block.range.upperBound, start), scalarCount)
      appendUncovered(covered..<start, to: &blocks)
      var clamped = block
      clamped.range = start..<end
      // A producer that marks quotes by kind only still gets bars: one per level, since
      // nested quotes are far more common than quotes in lists.
      if block.kind == .quote, block.quoteLevel <= 0 {
        clamped.quoteLevel = max(1, block.indentLevel)
      }
      blocks.append(clamped)
      covered = end
    }
    appendUncovered(covered..<scalarCount, to: &blocks)
    return blocks
  }

  private mutating func appendUncovered(_ range: Range<Int>, to blocks: inout [TextBlock]) {
    guard !range.isEmpty else { return }
    var copy = string
    let (lower, upper) = copy.withUTF8 {
      (
        cursor.byteOffset(at: range.lowerBound, in: $0),
        cursor.byteOffset(at: range.upperBound, in: $0)
      )
    }
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: lower)
    let end = utf8.index(utf8.startIndex, offsetBy: upper)
    if string.unicodeScalars[start..<end].contains(where: { !$0.properties.isWhitespace }) {
      blocks.append(TextBlock(range: range, kind: .paragraph))
    }
  }

  private func terminalStyle(_ textStyle: TextStyle, in block: TextBlock) -> TerminalStyle {
    guard showsStyles else { return .plain }
    var style = TerminalStyle(textStyle)
    if block.kind == .heading { style.bold = true }
    if style.background == canvas.background { style.background = nil }
    if style.background == nil { style.background = background(of: block) }
    // On a background of its own, text keeps its colour even if it is the page's.
    if style.background == nil, style.foreground == canvas.foreground { style.foreground = nil }
    if !showsHyperlinks {
      style.link = nil
    } else if style.link == nil, let image = textStyle.imageURL {
      // An image outside a link opens the picture itself.
      style.link = TerminalStyle.hyperlinkTarget(image)
    }
    return style
  }

  private mutating func appendTarget(
    _ link: (target: String, start: Int), end: Int, source: UnsafeBufferPointer<UInt8>,
    to cells: inout [TerminalCell], in block: TextBlock
  ) {
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: source[link.start..<end]), as: UTF8.self
    )
    .trimmingCharacters(in: .whitespaces)
    guard !showsHyperlinks || !TerminalStyle.fitsHyperlink(link.target),
      !link.target.hasPrefix("#"), link.target != text,
      link.target != "mailto:" + text
    else { return }
    var style = TerminalStyle.plain
    if showsStyles {
      style.faint = true
      style.background = background(of: block)
    }
    let index = intern(style)
    cells.append(TerminalCell.space(style: index))
    append("(" + link.target + ")", style: index, to: &cells)
  }

  /// The block's background, when it has a visible one other than the page's.
  func background(of block: TextBlock) -> CSSColor? {
    guard showsStyles, let color = block.backgroundColor, color.alpha > 0,
      color != canvas.background
    else { return nil }
    return color
  }

  private func firstRun(endingAfter offset: Int) -> Int {
    partitionPoint(count: runs.count) { runs[$0].range.upperBound > offset }
  }

  /// The first index in `0..<count` where `isAfter` holds (it must hold for all later ones).
  private func partitionPoint(count: Int, _ isAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
