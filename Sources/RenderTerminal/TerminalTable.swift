/// Lines up the cells of consecutive table rows, whose cells the text separates by tabs.
enum TerminalTable {
  /// Columns are this many spaces apart.
  static let gap = 2

  /// The rows with each tab replaced by the spaces that take the next cell to its column's
  /// start. A row too wide for the line still wraps, as text does.
  static func aligned(_ rows: [[TerminalCell]]) -> [[TerminalCell]] {
    var columnWidths: [Int] = []
    for row in rows {
      for (column, width) in cellWidths(row).enumerated() {
        if column == columnWidths.count {
          columnWidths.append(width)
        } else {
          columnWidths[column] = max(columnWidths[column], width)
        }
      }
    }
    return rows.map { row in
      var aligned: [TerminalCell] = []
      aligned.reserveCapacity(row.count)
      var column = 0
      var width = 0
      for cell in row {
        guard cell.kind == .tab else {
          aligned.append(cell)
          width += cell.width
          continue
        }
        let padding = columnWidths[column] - width + gap
        let space = TerminalCell(text: " ", width: 1, style: cell.style, kind: .space)
        aligned.append(contentsOf: repeatElement(space, count: padding))
        column += 1
        width = 0
      }
      return aligned
    }
  }

  /// The display width of each tab-separated cell of a row.
  private static func cellWidths(_ row: [TerminalCell]) -> [Int] {
    var widths = [0]
    for cell in row {
      if cell.kind == .tab {
        widths.append(0)
      } else {
        widths[widths.count - 1] += cell.width
      }
    }
    return widths
  }
}
