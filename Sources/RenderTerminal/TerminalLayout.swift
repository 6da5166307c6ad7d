import RenderStyling
import RenderText

/// Lays out the blocks of one ``StyledText`` as terminal lines: spacing between blocks,
/// quote bars and indents before every line, heading rules, code-block backgrounds.
struct TerminalLayout {
  private let text: StyledText
  private let width: Int
  private let colorMode: TerminalColorMode
  private let hyperlinks: Bool
  private let drawing: TerminalLineDrawing
  /// The output's cap: the layout stops at the first line that takes it past.
  private let maximumBytes: Int
  private var reader: TerminalCellReader
  /// The quote bar and table side, kept once in the reader's glyphs.
  private let verticalBar: TerminalGlyphs.Text
  /// The style of the innermost quote bar of the lines being written: a GitHub alert's
  /// colour (its title's), else nil for the faint bar every quote has.
  private var alertBar: Int?
  /// The bar style of each alert kind met, from the first block of its first alert: the title.
  private var alertBars: [String: Int] = [:]
  /// UTF-8 bytes: appending to a byte array is several times cheaper than to a String.
  private var output: [UInt8] = []
  /// The SGR sequence of each interned style, made the first time a line uses it (a style
  /// is switched to several times a line, and building the sequence means formatting
  /// colours).
  private var graphicRenditions: [[UInt8]?] = []

  init(
    _ text: StyledText, width: Int, colorMode: TerminalColorMode, hyperlinks: Bool,
    drawing: TerminalLineDrawing, maximumBytes: Int
  ) {
    self.text = text
    self.maximumBytes = maximumBytes
    self.drawing = drawing
    self.width = width
    self.colorMode = colorMode
    self.hyperlinks = hyperlinks
    var reader = TerminalCellReader(
      text, colorMode: colorMode, hyperlinks: hyperlinks, asciiTaskBoxes: drawing == .ascii)
    verticalBar = reader.add(drawing.vertical)
    self.reader = reader
  }

  /// The output, or, once it passes ``maximumBytes``, what was made up to then.
  mutating func render() -> [UInt8] {
    // Room for the text and its margins, so the output rarely grows by copying.
    output.reserveCapacity(text.string.utf8.count + text.string.utf8.count / 2)
    let blocks = reader.blocks(of: text)
    // One buffer for every block's cells: its lines are gone before the next block reuses it.
    var cells: [TerminalCell] = []
    var index = 0
    while index < blocks.count, !isFull {
      let block = blocks[index]
      alertBar = block.alert.map { alertBarStyle($0, title: block) }
      if index > 0 {
        let previous = blocks[index - 1]
        if BlockLayout.hasBlankLine(between: previous, and: block) {
          if previous.alert != block.alert { alertBar = nil }
          let bars = min(previous.quoteLevel, block.quoteLevel, width / 4)
          write(prefix(bars: max(0, bars), spaces: 0))
          alertBar = block.alert.map { alertBarStyle($0, title: block) }
        }
      }
      if block.kind == .tableRow {
        // A table's rows are laid out together, so that their columns line up.
        var end = index + 1
        while end < blocks.count, blocks[end].kind == .tableRow { end += 1 }
        var rows: [[TerminalCell]] = []
        var markerWidth = 0
        for row in blocks[index..<end] {
          var rowCells: [TerminalCell] = []
          let rowMarkerWidth = reader.cells(of: row, into: &rowCells)
          if rows.isEmpty { markerWidth = rowMarkerWidth }
          rows.append(rowCells)
        }
        writeTable(blocks[index..<end], rows: rows, markerWidth: markerWidth)
        index = end
        continue
      }
      var markerWidth = 0
      if block.kind == .rule {
        cells.removeAll(keepingCapacity: true)
      } else {
        markerWidth = reader.cells(of: block, into: &cells)
      }
      write(block, cells: cells, markerWidth: markerWidth)
      index += 1
    }
    return output
  }

  /// A table's rows, boxed, behind the first row's quote bars and indent.
  private mutating func writeTable(
    _ blocks: ArraySlice<TextBlock>, rows: [[TerminalCell]], markerWidth: Int
  ) {
    let (bars, spaces) = margins(of: blocks[blocks.startIndex], markerWidth: markerWidth)
    let table = TerminalTable(
      rows: rows, blocks: blocks, width: width - 2 * bars - spaces, drawing: drawing,
      verticalBar: verticalBar, borderStyle: reader.intern(faintStyle()), reader: &reader)
    let linePrefix = prefix(bars: bars, spaces: spaces)
    table.forEachLine { line in
      write(linePrefix + line)
      return !isFull
    }
  }

  /// Quote bars, then list indents (BlockLayout's, as in plain text), then the code indent:
  /// together at most half the width, so deep nesting still leaves room for the text.
  private func margins(of block: TextBlock, markerWidth: Int) -> (bars: Int, spaces: Int) {
    let budget = width / 2
    let indentation = BlockLayout.indentation(of: block, markerColumns: markerWidth)
    let bars = min(indentation.quoteLevel, budget / 2)
    let isCode = block.kind == .codeBlock
    let spaces = min(indentation.firstLine + (isCode ? 2 : 0), budget - 2 * bars)
    return (bars, spaces)
  }

  private mutating func write(_ block: TextBlock, cells: [TerminalCell], markerWidth: Int) {
    let indentation = BlockLayout.indentation(of: block, markerColumns: markerWidth)
    let (bars, spaces) = margins(of: block, markerWidth: markerWidth)
    let isCode = block.kind == .codeBlock
    let contentWidth = width - 2 * bars - spaces
    let background = reader.background(of: block)
    let fill = reader.intern(fillStyle(background))
    let innerPad = isCode && contentWidth >= 8 ? 2 : 0

    let lines: [TerminalLineBreaker.Line]
    if block.kind == .rule {
      let style = reader.intern(faintStyle())
      let rule = TerminalCell(
        text: reader.add(String(repeating: drawing.horizontal, count: contentWidth)),
        width: contentWidth,
        style: style)
      lines = [TerminalLineBreaker.Line(cells: [rule][...], indent: 0, width: contentWidth)]
    } else {
      lines = TerminalLineBreaker.lines(
        of: cells, width: contentWidth - innerPad,
        hangingIndent: indentation.continuation - indentation.firstLine,
        preservesSpaces: isCode)
    }
    let linePrefix = prefix(bars: bars, spaces: spaces)
    var row: [TerminalCell] = []
    for line in lines {
      if isFull { return }
      let free = contentWidth - innerPad - line.indent - line.width
      let alignment =
        isCode ? 0 : block.alignment == .center ? free / 2 : block.alignment == .right ? free : 0
      let lead = innerPad + alignment + line.indent
      if linePrefix.isEmpty, lead <= 0, background == nil {
        // Nothing goes around the line's cells (most lines of most text): no row to build.
        write(line.cells)
        continue
      }
      row.removeAll(keepingCapacity: true)
      row.append(contentsOf: linePrefix)
      row.append(contentsOf: blank(lead, style: fill))
      row.append(contentsOf: line.cells)
      if background != nil {
        row.append(contentsOf: blank(free - alignment, style: fill))
      }
      write(row)
    }
    if block.kind == .heading { writeRule(under: block, lines: lines, bars: bars, spaces: spaces) }
  }

  /// `═` under an `h1` and `─` under an `h2`, as long as the heading's longest line.
  private mutating func writeRule(
    under block: TextBlock, lines: [TerminalLineBreaker.Line], bars: Int, spaces: Int
  ) {
    let level = reader.textStyle(at: block.range.lowerBound).headingLevel
    guard let level, level <= 2 else { return }
    var style = TerminalStyle.plain
    style.foreground = colorMode == .none ? nil : reader.foreground(at: block.range.lowerBound)
    let length = max(1, lines.map { $0.indent + $0.width }.max() ?? 1)
    var row = prefix(bars: bars, spaces: spaces)
    let rule = String(
      repeating: level == 1 ? drawing.doubleHorizontal : drawing.horizontal, count: length)
    row.append(TerminalCell(text: reader.add(rule), width: length, style: reader.intern(style)))
    write(row)
  }

  /// Whether the output has passed its cap: nothing more is written.
  private var isFull: Bool { output.count > maximumBytes }

  /// The bar style of alerts of `kind`; `title` is the block that starts the first of them.
  private mutating func alertBarStyle(_ kind: String, title: TextBlock) -> Int {
    if let style = alertBars[kind] { return style }
    var style = faintStyle()
    if colorMode != .none, let color = reader.foreground(at: title.range.lowerBound) {
      style.faint = false
      style.foreground = color
    }
    let index = reader.intern(style)
    alertBars[kind] = index
    return index
  }

  private mutating func prefix(bars: Int, spaces: Int) -> [TerminalCell] {
    let bar = reader.intern(faintStyle())
    var cells: [TerminalCell] = []
    for index in 0..<bars {
      let style = index == bars - 1 ? alertBar ?? bar : bar
      cells.append(TerminalCell(text: verticalBar, width: 1, style: style))
      cells.append(TerminalCell.space(style: 0))
    }
    cells.append(contentsOf: blank(spaces, style: 0))
    return cells
  }

  /// `count` spaces (none when `count` is negative, as after an unavoidable overflow).
  private func blank(_ count: Int, style: Int) -> Repeated<TerminalCell> {
    repeatElement(TerminalCell.space(style: style), count: max(0, count))
  }

  private func faintStyle() -> TerminalStyle {
    var style = TerminalStyle.plain
    style.faint = colorMode != .none
    return style
  }

  private func fillStyle(_ background: CSSColor?) -> TerminalStyle {
    var style = TerminalStyle.plain
    style.background = background
    return style
  }

  /// Writes one line: the cells' text with the escape codes between them, trailing blank
  /// cells without a background dropped, every style and link closed at the end.
  private mutating func write(_ row: [TerminalCell]) {
    write(row[...])
  }

  private mutating func write(_ row: ArraySlice<TerminalCell>) {
    var cells = row
    while let last = cells.last, last.kind == .space, reader.styles[last.style].background == nil {
      cells.removeLast()
    }
    var active = 0
    var activeLink: String?
    // The bytes still to write: consecutive cells of the text are one slice.
    var pending = 0..<0
    for cell in cells {
      // A link is part of the style, so only a change of style can change it.
      if colorMode != .none, cell.style != active {
        flush(pending)
        pending = 0..<0
        let style = reader.styles[cell.style]
        // A `#anchor` (a table of contents entry) leads nowhere a terminal can open.
        let link = style.link.flatMap { $0.hasPrefix("#") ? nil : $0 }
        if hyperlinks, link != activeLink {
          if activeLink != nil { emit(TerminalStyle.closeHyperlink) }
          if let link { emit(TerminalStyle.openHyperlink(link)) }
          activeLink = link
        }
        if reader.styles[active].hasGraphicRendition { emit(TerminalStyle.reset) }
        emitGraphicRendition(of: cell.style)
        active = cell.style
      }
      if cell.text.start == pending.upperBound {
        pending = pending.lowerBound..<pending.upperBound + cell.text.count
      } else {
        flush(pending)
        pending = cell.text.start..<cell.text.start + cell.text.count
      }
    }
    flush(pending)
    if activeLink != nil { emit(TerminalStyle.closeHyperlink) }
    if reader.styles[active].hasGraphicRendition { emit(TerminalStyle.reset) }
    output.append(UInt8(ascii: "\n"))
  }

  private mutating func emitGraphicRendition(of style: Int) {
    if style >= graphicRenditions.count {
      graphicRenditions.append(
        contentsOf: repeatElement(nil, count: style + 1 - graphicRenditions.count))
    }
    if let known = graphicRenditions[style] {
      output.append(contentsOf: known)
      return
    }
    let sequence = Array(reader.styles[style].selectGraphicRendition(colorMode).utf8)
    graphicRenditions[style] = sequence
    output.append(contentsOf: sequence)
  }

  private mutating func emit(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func flush(_ bytes: Range<Int>) {
    guard !bytes.isEmpty else { return }
    // The output is moved into a local for the call: a closure that changed `self` would
    // make the glyphs (a string and an array) be copied for each stretch written.
    var output: [UInt8] = []
    swap(&output, &self.output)
    defer { swap(&output, &self.output) }
    // A buffer is appended as one copy (a slice of one would go byte by byte).
    reader.glyphs.withBytes(at: bytes) { output.append(contentsOf: $0) }
  }
}
