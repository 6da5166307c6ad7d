/// Breaks a block's cells into lines no wider than the available columns.
///
/// Outside code it breaks between words, drops the spaces at a break and breaks a word that
/// is wider than a line wherever it must. In code it keeps every space, expands tabs and
/// breaks anywhere. Nothing ever overflows, except a two-column character on a line of one.
struct TerminalLineBreaker {
  /// One output line: its cells, the indent before them, and their width.
  struct Line {
    var cells: [TerminalCell] = []
    var indent = 0
    var width = 0
  }

  private let width: Int
  private let hangingIndent: Int
  private let preservesSpaces: Bool
  private var lines: [Line] = []
  private var current = Line()
  private var pendingSpaces: [TerminalCell] = []
  private var pendingWidth = 0

  /// The lines of `cells` for `width` columns; lines after the first are indented by
  /// `hangingIndent` (a list item's marker width) and so have that much less room.
  static func lines(
    of cells: [TerminalCell], width: Int, hangingIndent: Int = 0, preservesSpaces: Bool = false
  ) -> [Line] {
    var breaker = TerminalLineBreaker(
      width: max(1, width), hangingIndent: hangingIndent < width ? max(0, hangingIndent) : 0,
      preservesSpaces: preservesSpaces)
    if preservesSpaces {
      breaker.breakAnywhere(cells)
    } else {
      breaker.breakBetweenWords(cells)
    }
    if !breaker.current.cells.isEmpty || breaker.lines.isEmpty {
      breaker.lines.append(breaker.current)
    }
    return breaker.lines
  }

  private init(width: Int, hangingIndent: Int, preservesSpaces: Bool) {
    self.width = width
    self.hangingIndent = hangingIndent
    self.preservesSpaces = preservesSpaces
  }

  private var limit: Int { width - current.indent }

  private mutating func breakBetweenWords(_ cells: [TerminalCell]) {
    var index = 0
    while index < cells.count {
      switch cells[index].kind {
      case .lineBreak:
        endLine()
        index += 1
      case .space, .tab:
        if !current.cells.isEmpty {
          // A tab's text is a space already.
          pendingSpaces.append(cells[index])
          pendingWidth += 1
        }
        index += 1
      case .text:
        var end = index
        var wordWidth = 0
        while end < cells.count, cells[end].kind == .text {
          wordWidth += cells[end].width
          end += 1
        }
        place(cells[index..<end], width: wordWidth)
        index = end
      }
    }
  }

  private mutating func place(_ word: ArraySlice<TerminalCell>, width wordWidth: Int) {
    if current.width + pendingWidth + wordWidth <= limit {
      append(contentsOf: pendingSpaces)
      append(contentsOf: word)
      clearPendingSpaces()
      return
    }
    if !current.cells.isEmpty { endLine() }
    if wordWidth <= limit {
      append(contentsOf: word)
      return
    }
    for cell in word {
      if current.width + cell.width > limit, !current.cells.isEmpty { endLine() }
      append(cell)
    }
  }

  private mutating func breakAnywhere(_ cells: [TerminalCell]) {
    for cell in cells {
      switch cell.kind {
      case .lineBreak:
        endLine()
      case .tab:
        let stop = 4 - current.width % 4
        for _ in 0..<stop {
          if current.width + 1 > limit { endLine() }
          append(TerminalCell.space(style: cell.style))
        }
      case .text, .space:
        if current.width + cell.width > limit, !current.cells.isEmpty { endLine() }
        append(cell)
      }
    }
  }

  private mutating func append(_ cell: TerminalCell) {
    current.cells.append(cell)
    current.width += cell.width
  }

  private mutating func append<Cells: Sequence<TerminalCell>>(contentsOf cells: Cells) {
    for cell in cells { append(cell) }
  }

  private mutating func endLine() {
    lines.append(current)
    current = Line(indent: preservesSpaces ? 0 : hangingIndent)
    clearPendingSpaces()
  }

  private mutating func clearPendingSpaces() {
    pendingSpaces.removeAll(keepingCapacity: true)
    pendingWidth = 0
  }
}
