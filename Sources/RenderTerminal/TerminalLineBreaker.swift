/// Breaks a block's cells into lines no wider than the available columns.
///
/// Outside code it breaks between words, drops the spaces at a break and breaks a word that
/// is wider than a line wherever it must. In code it keeps every space, expands tabs and
/// breaks anywhere. Nothing ever overflows, except a two-column character on a line of one.
struct TerminalLineBreaker {
  /// One output line: its cells, the indent before them, and their width.
  struct Line {
    var cells: ArraySlice<TerminalCell> = []
    var indent = 0
    var width = 0
  }

  /// A line while it is being broken: where its cells are in ``cells``.
  private struct Span {
    var start = 0
    var end = 0
    var indent = 0
    var width = 0
    var isEmpty: Bool { start == end }
  }

  private let width: Int
  private let hangingIndent: Int
  private let preservesSpaces: Bool
  /// The cells the lines are slices of: the block's own (a line is a run of them, so none is
  /// copied), except in code with tabs, where tabs become spaces in new ones.
  private var cells: [TerminalCell] = []
  private var spans: [Span] = []
  private var current = Span()
  private var pendingWidth = 0

  /// The lines of `cells` for `width` columns; lines after the first are indented by
  /// `hangingIndent` (a list item's marker width) and so have that much less room.
  static func lines(
    of cells: [TerminalCell], width: Int, hangingIndent: Int = 0, preservesSpaces: Bool = false
  ) -> [Line] {
    var breaker = TerminalLineBreaker(
      width: max(1, width), hangingIndent: hangingIndent < width ? max(0, hangingIndent) : 0,
      preservesSpaces: preservesSpaces)
    if preservesSpaces, cells.contains(where: { $0.kind == .tab }) {
      breaker.breakAnywhere(cells)
    } else if preservesSpaces {
      breaker.cells = cells
      breaker.breakAnywhereInPlace()
    } else {
      breaker.cells = cells
      breaker.breakBetweenWords()
    }
    if !breaker.current.isEmpty || breaker.spans.isEmpty {
      breaker.spans.append(breaker.current)
    }
    let all = breaker.cells
    return breaker.spans.map {
      Line(cells: all[$0.start..<$0.end], indent: $0.indent, width: $0.width)
    }
  }

  private init(width: Int, hangingIndent: Int, preservesSpaces: Bool) {
    self.width = width
    self.hangingIndent = hangingIndent
    self.preservesSpaces = preservesSpaces
  }

  private var limit: Int { width - current.indent }

  private mutating func breakBetweenWords() {
    var index = 0
    while index < cells.count {
      switch cells[index].kind {
      case .lineBreak:
        endLine()
        index += 1
      case .space, .tab:
        // A tab's text is a space already; spaces at the start of a line are dropped.
        if !current.isEmpty { pendingWidth += 1 }
        index += 1
      case .text:
        var end = index
        var wordWidth = 0
        while end < cells.count, cells[end].kind == .text {
          wordWidth += cells[end].width
          end += 1
        }
        place(index..<end, width: wordWidth)
        index = end
      }
    }
  }

  /// Places the word at `word` in ``cells``; the pending spaces are the cells between the
  /// line's end and the word.
  private mutating func place(_ word: Range<Int>, width wordWidth: Int) {
    if current.width + pendingWidth + wordWidth <= limit {
      if current.isEmpty { current.start = word.lowerBound }
      current.end = word.upperBound
      current.width += pendingWidth + wordWidth
      pendingWidth = 0
      return
    }
    if !current.isEmpty { endLine() }
    if wordWidth <= limit {
      current.start = word.lowerBound
      current.end = word.upperBound
      current.width = wordWidth
      return
    }
    for index in word {
      if current.width + cells[index].width > limit, !current.isEmpty { endLine() }
      if current.isEmpty { current.start = index }
      current.end = index + 1
      current.width += cells[index].width
    }
  }

  /// Breaks code without tabs, whose cells are all kept as they are.
  private mutating func breakAnywhereInPlace() {
    for index in cells.indices {
      let cell = cells[index]
      if cell.kind == .lineBreak {
        endLine()
        continue
      }
      if current.width + cell.width > limit, !current.isEmpty { endLine() }
      if current.isEmpty { current.start = index }
      current.end = index + 1
      current.width += cell.width
    }
  }

  private mutating func breakAnywhere(_ input: [TerminalCell]) {
    cells.reserveCapacity(input.count)
    for cell in input {
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
        if current.width + cell.width > limit, !current.isEmpty { endLine() }
        append(cell)
      }
    }
  }

  private mutating func append(_ cell: TerminalCell) {
    cells.append(cell)
    current.end = cells.count
    current.width += cell.width
  }

  private mutating func endLine() {
    spans.append(current)
    if preservesSpaces {
      // New cells go at the end; between words, the next word sets where the line starts.
      current = Span(start: cells.count, end: cells.count)
    } else {
      current = Span(indent: hangingIndent)
    }
    pendingWidth = 0
  }
}
