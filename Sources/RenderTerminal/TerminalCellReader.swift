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
  private let byteCount: Int
  private var cursor = ScalarCursor()
  private let runs: [StyledText.IndexedRun]
  private let runStyles: [TextStyle]
  private let canvas: TerminalCanvas
  private let showsStyles: Bool
  private let showsHyperlinks: Bool

  /// The number of Unicode scalars in the text.
  let scalarCount: Int

  init(_ text: StyledText, colorMode: TerminalColorMode, hyperlinks: Bool) {
    string = text.string
    glyphs = TerminalGlyphs(source: text.string)
    byteCount = text.string.utf8.count
    scalarCount = text.string.unicodeScalars.count
    runs = text.indexedRuns
    runStyles = text.uniqueStyles
    canvas = TerminalCanvas(text)
    showsStyles = colorMode != .none
    showsHyperlinks = showsStyles && hyperlinks
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
  /// (which wrapped lines are indented by). Without visible hyperlinks, a link's target
  /// follows its text in parentheses (unless the text already says it), so none is lost.
  /// Images, footnote references and, without colour, bold, italics and code are marked
  /// (``TerminalMarker``); an `h3` and below starts with as many `#` as its level when there
  /// is no colour to set it apart.
  mutating func cells(of block: TextBlock) -> (cells: [TerminalCell], markerWidth: Int) {
    var cells: [TerminalCell] = []
    cells.reserveCapacity(block.range.count)
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
    let startByte = byteOffset(at: block.range.lowerBound)
    let endByte = byteOffset(at: block.range.upperBound)
    let base = glyphs.sourceStart
    var clusters = GraphemeClusterIterator(string, from: startByte, to: endByte)
    while let cluster = clusters.next(in: glyphs.bytes, base: base) {
      while run < runs.count, runs[run].range.upperBound <= offset { run += 1 }
      let covering = run < runs.count && runs[run].range.contains(offset) ? run : -2
      if covering != styledRun {
        let textStyle = covering >= 0 ? runStyles[runs[covering].styleIndex] : TextStyle()
        let newMarkers = TerminalMarker.markers(
          for: textStyle, in: block, showsStyles: showsStyles)
        let kept = zip(markers, newMarkers).prefix { $0 == $1 }.count
        for marker in markers[kept...].reversed() {
          append(marker.closing, style: style, to: &cells)
        }
        style = intern(terminalStyle(textStyle, in: block))
        styledRun = covering
        if link?.target != textStyle.link {
          if let link { appendTarget(link, end: cluster.offset, to: &cells, in: block) }
          link = textStyle.link.map { ($0, cluster.offset) }
        }
        skipsRun = textStyle.link.map(TerminalMarker.isFootnoteBackReference) ?? false
        for marker in newMarkers[kept...] { append(marker.opening, style: style, to: &cells) }
        markers = newMarkers
      }
      if skipsRun {
        offset += cluster.scalarCount
        continue
      }
      let start = base + cluster.offset
      let cell =
        cluster.character.map { TerminalCell($0, at: start, style: style) }
        ?? TerminalCell(ascii: glyphs.bytes[start], at: start, style: style)
      if offset - block.range.lowerBound < block.markerLength { markerWidth += cell.width }
      if cell.kind == .tab, !markers.isEmpty {
        // A table row's cells are split at tabs: each cell closes its own markers.
        for marker in markers.reversed() { append(marker.closing, style: style, to: &cells) }
        markers = []
        styledRun = -1
      }
      cells.append(cell)
      offset += cluster.scalarCount
    }
    for marker in markers.reversed() { append(marker.closing, style: style, to: &cells) }
    if let link { appendTarget(link, end: endByte, to: &cells, in: block) }
    return (cells, markerWidth)
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
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: byteOffset(at: range.lowerBound))
    let end = utf8.index(utf8.startIndex, offsetBy: byteOffset(at: range.upperBound))
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

  /// The byte offset of the scalar at `offset` in the text.
  private mutating func byteOffset(at offset: Int) -> Int {
    cursor.byteOffset(at: offset, in: glyphs.bytes, base: glyphs.sourceStart, count: byteCount)
  }

  private mutating func appendTarget(
    _ link: (target: String, start: Int), end: Int, to cells: inout [TerminalCell],
    in block: TextBlock
  ) {
    let base = glyphs.sourceStart
    let text = String(decoding: glyphs.bytes[base + link.start..<base + end], as: UTF8.self)
      .trimmingCharacters(in: .whitespaces)
    guard !showsHyperlinks, !link.target.hasPrefix("#"), link.target != text,
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
