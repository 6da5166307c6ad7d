import RenderStyling
import RenderText

/// Lays out consecutive table rows, whose cells the text separates by tabs, as a boxed
/// table: columns as wide as their content, shrunk in proportion when the table would be
/// wider than the line (never wider), text wrapped inside each cell and placed by the
/// cell's alignment, a rule under a header row.
///
/// When the line cannot give every column its longest word, a box would cut words into
/// pieces ("Fea", "tur", "e"); the table is then laid out as records instead, one per row,
/// each cell on its own lines as `header: value`, records between rules.
struct TerminalTable {
  private let rows: [[[TerminalCell]]]
  /// Whether the rows are laid out as records rather than as a box.
  private let isRecords: Bool
  /// The width records are wrapped to.
  private let width: Int
  /// `": "` after a header in a record, in the border's style.
  private let labelSeparator: [TerminalCell]
  /// The rule between records.
  private let rule: [TerminalCell]
  private let blocks: ArraySlice<TextBlock>
  private let verticalBar: TerminalGlyphs.Text
  private let borderStyle: Int
  private let columnWidths: [Int]
  /// The borders above the first row, under a header row and below the last row.
  private let top: [TerminalCell]
  private let header: [TerminalCell]
  private let bottom: [TerminalCell]

  /// `rows` are the cells of `blocks`, one row each, laid out for `width` columns; borders
  /// are drawn in `borderStyle` with `drawing`'s lines (their text is added to `reader`'s
  /// glyphs), the sides with `verticalBar` (`drawing`'s vertical line, kept in the glyphs).
  init(
    rows: [[TerminalCell]], blocks: ArraySlice<TextBlock>, width: Int,
    drawing: TerminalLineDrawing, verticalBar: TerminalGlyphs.Text, borderStyle: Int,
    reader: inout TerminalCellReader
  ) {
    let rows = rows.map(Self.splitAtTabs)
    let columnWidths = Self.columnWidths(of: rows, fitting: width)
    isRecords = Self.cutsWords(rows, fitting: width)
    self.width = width
    labelSeparator = [
      TerminalCell(text: reader.add(":"), width: 1, style: borderStyle),
      TerminalCell.space(style: 0),
    ]
    rule = [
      TerminalCell(
        text: reader.add(String(repeating: drawing.horizontal, count: max(1, width))),
        width: max(1, width), style: borderStyle)
    ]
    func border(_ kind: TerminalLineDrawing.Border) -> [TerminalCell] {
      Self.border(kind, columnWidths, drawing: drawing, style: borderStyle, reader: &reader)
    }
    self.rows = rows
    self.blocks = blocks
    self.verticalBar = verticalBar
    self.borderStyle = borderStyle
    self.columnWidths = columnWidths
    top = border(.top)
    header = blocks.contains(where: \.isHeaderRow) ? border(.header) : []
    bottom = border(.bottom)
  }

  /// Calls `body` with the table's output lines, in order, until it returns false. The
  /// lines are made one at a time, so a table whose output is cut short
  /// (``TerminalLayout``'s output cap) never holds them all: a cell in a column one
  /// character wide has a line per character.
  func forEachLine(_ body: ([TerminalCell]) -> Bool) {
    if isRecords { return forEachRecordLine(body) }
    guard body(top) else { return }
    for (offset, (row, block)) in zip(rows, blocks).enumerated() {
      guard forEachLine(of: row, block: block, body) else { return }
      if block.isHeaderRow, offset + 1 < rows.count, !body(header) { return }
    }
    _ = body(bottom)
  }

  /// Each column's width: its widest cell, or, when the columns do not fit, a share of the
  /// room in proportion to that, but no less than its longest word where the room allows.
  /// Only when even one column each does not fit is the table wider than `width`.
  private static func columnWidths(of rows: [[[TerminalCell]]], fitting width: Int) -> [Int] {
    let columnCount = max(1, rows.map(\.count).max() ?? 1)
    var natural = [Int](repeating: 1, count: columnCount)
    var longestWord = [Int](repeating: 1, count: columnCount)
    for row in rows {
      for (column, cell) in row.enumerated() {
        let measure = Self.measure(cell)
        natural[column] = max(natural[column], measure.widestLine)
        longestWord[column] = max(longestWord[column], measure.longestWord)
      }
    }
    // "│ " before every column, " " after it, and the closing "│".
    let room = max(columnCount, width - 3 * columnCount - 1)
    let total = natural.reduce(0, +)
    guard total > room else { return natural }
    // Columns narrower than an equal share keep their width; the others share what is left
    // in proportion to their content.
    let fairShare = room / columnCount
    let kept = natural.filter { $0 <= fairShare }.reduce(0, +)
    let shrinking = total - kept
    let left = room - kept
    var widths = natural.indices.map { column in
      natural[column] <= fairShare
        ? natural[column]
        : max(min(longestWord[column], fairShare), natural[column] * left / max(1, shrinking))
    }
    var sum = widths.reduce(0, +)
    while sum > room, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
      widths[widest] > 1
    {
      widths[widest] -= 1
      sum -= 1
    }
    var column = 0
    while sum < room, widths.indices.contains(where: { widths[$0] < natural[$0] }) {
      if widths[column] < natural[column] {
        widths[column] += 1
        sum += 1
      }
      column = (column + 1) % columnCount
    }
    return widths
  }

  /// Whether a box of `rows` in `width` columns would break a word inside a cell: the
  /// columns' longest words (no more than their widest lines) and the borders do not fit.
  private static func cutsWords(_ rows: [[[TerminalCell]]], fitting width: Int) -> Bool {
    let columnCount = max(1, rows.map(\.count).max() ?? 1)
    var needed = [Int](repeating: 1, count: columnCount)
    for row in rows {
      for (column, cell) in row.enumerated() {
        needed[column] = max(needed[column], Self.longestUnbreakable(cell))
      }
    }
    return needed.reduce(0, +) + 3 * columnCount + 1 > width
  }

  /// The widest run of a cell that no line may break: a word, where a wide character (CJK,
  /// emoji) stands alone, since text in those scripts breaks between any two of them.
  private static func longestUnbreakable(_ cells: [TerminalCell]) -> Int {
    var longest = 0
    var word = 0
    for cell in cells {
      if cell.kind == .text && cell.width < 2 {
        word += cell.width
      } else {
        word = cell.kind == .text ? cell.width : 0
      }
      longest = max(longest, word)
      if cell.width >= 2 { word = 0 }
    }
    return longest
  }

  /// The lines of the records layout, as ``forEachLine(_:)``: a rule, then each row that is
  /// not a header as `header: value` lines (the value alone when the table has no header
  /// row), a rule after each.
  private func forEachRecordLine(_ body: ([TerminalCell]) -> Bool) {
    let headerRow = zip(rows, blocks).first { $0.1.isHeaderRow }?.0
    guard body(rule) else { return }
    for (row, block) in zip(rows, blocks) where !block.isHeaderRow || rows.count == 1 {
      for (column, cell) in row.enumerated() {
        var cells = cell
        if let headerRow, column < headerRow.count, !block.isHeaderRow {
          cells = headerRow[column] + labelSeparator + cell
        }
        // Continuation lines are indented, so each `header:` starts its own entry.
        for line in TerminalLineBreaker.lines(of: cells, width: width, hangingIndent: 2) {
          let indent = repeatElement(Self.space, count: line.indent)
          guard body(Array(indent) + Array(line.cells)) else { return }
        }
      }
      guard body(rule) else { return }
    }
  }

  /// The lines of one row, as ``forEachLine(_:)``; false when `body` asked to stop.
  private func forEachLine(
    of row: [[TerminalCell]], block: TextBlock, _ body: ([TerminalCell]) -> Bool
  ) -> Bool {
    let cellLines = columnWidths.indices.map { column in
      TerminalLineBreaker.lines(
        of: column < row.count ? row[column] : [], width: columnWidths[column])
    }
    let height = cellLines.map(\.count).max() ?? 1
    let bar = TerminalCell(text: verticalBar, width: 1, style: borderStyle)
    var line: [TerminalCell] = []
    for lineIndex in 0..<height {
      line.removeAll(keepingCapacity: true)
      for (column, lines) in cellLines.enumerated() {
        line.append(bar)
        line.append(Self.space)
        let cells = lineIndex < lines.count ? lines[lineIndex] : TerminalLineBreaker.Line()
        let free = columnWidths[column] - cells.width
        let alignment =
          column < block.cellAlignments.count ? block.cellAlignments[column] : block.alignment
        let before =
          switch alignment {
          case .center: free / 2
          case .right: free
          default: 0
          }
        line.append(contentsOf: repeatElement(Self.space, count: max(0, before)))
        line.append(contentsOf: cells.cells)
        line.append(contentsOf: repeatElement(Self.space, count: max(0, free - before) + 1))
      }
      line.append(bar)
      guard body(line) else { return false }
    }
    return true
  }

  private static func border(
    _ kind: TerminalLineDrawing.Border, _ columnWidths: [Int], drawing: TerminalLineDrawing,
    style: Int, reader: inout TerminalCellReader
  ) -> [TerminalCell] {
    let joints = drawing.joints(kind)
    let horizontal = kind == .header ? drawing.doubleHorizontal : drawing.horizontal
    var text = joints.left
    for (column, columnWidth) in columnWidths.enumerated() {
      text += String(repeating: horizontal, count: columnWidth + 2)
      text += column + 1 < columnWidths.count ? joints.middle : joints.right
    }
    let length = columnWidths.reduce(0, +) + 3 * columnWidths.count + 1
    return [TerminalCell(text: reader.add(text), width: length, style: style)]
  }

  private static let space = TerminalCell.space(style: 0)

  /// A row's cells, split at its tabs.
  private static func splitAtTabs(_ row: [TerminalCell]) -> [[TerminalCell]] {
    var cells: [[TerminalCell]] = [[]]
    for cell in row {
      if cell.kind == .tab {
        cells.append([])
      } else {
        cells[cells.count - 1].append(cell)
      }
    }
    return cells
  }

  /// A cell's widest line and longest word, in columns.
  private static func measure(_ cells: [TerminalCell]) -> (widestLine: Int, longestWord: Int) {
    var widestLine = 0
    var longestWord = 0
    var line = 0
    var word = 0
    for cell in cells {
      switch cell.kind {
      case .text:
        line += cell.width
        word += cell.width
      case .space, .tab:
        line += cell.width
        word = 0
      case .lineBreak:
        line = 0
        word = 0
      }
      widestLine = max(widestLine, line)
      longestWord = max(longestWord, word)
    }
    return (widestLine, longestWord)
  }
}
