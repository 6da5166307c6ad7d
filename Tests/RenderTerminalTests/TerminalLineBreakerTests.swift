import Testing

@testable import RenderTerminal

@Suite("Terminal line breaker")
struct TerminalLineBreakerTests {
  /// One cell per byte of ASCII `text`, each pointing at its own offset.
  private static func cells(_ text: String) -> [TerminalCell] {
    text.utf8.enumerated().map { TerminalCell(ascii: $0.element, at: $0.offset, style: 0) }
  }

  // Code without tabs is broken in place, as slices of the block's own cells.
  @Test(arguments: [1, 3, 8, 40])
  func codeBreaksAnywhereAndKeepsEveryCell(width: Int) {
    let text = "let x = 1  // a comment that runs on\n\n  indented()\nend"
    let cells = Self.cells(text)
    let lines = TerminalLineBreaker.lines(of: cells, width: width, preservesSpaces: true)
    #expect(lines.allSatisfy { $0.width <= width && $0.indent == 0 })
    #expect(lines.allSatisfy { $0.width == $0.cells.reduce(0) { $0 + $1.width } })
    // Every cell but the line breaks, in order, spaces too.
    let kept = cells.filter { $0.kind != .lineBreak }.map(\.text)
    #expect(lines.flatMap { $0.cells.map(\.text) } == kept)
    // Each line of the source takes as many full lines as it needs, and an empty one takes one.
    let needed = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { max(1, ($0.count + width - 1) / width) }
    #expect(lines.count == needed.reduce(0, +))
  }

  @Test func codeWithATabIsBrokenAsCodeWithoutOne() {
    let lines = TerminalLineBreaker.lines(
      of: Self.cells("ab\tcdefgh"), width: 4, preservesSpaces: true)
    // "ab", two spaces to the tab stop, then "cdefgh" four columns at a time.
    #expect(lines.map(\.width) == [4, 4, 2])
    #expect(lines.flatMap(\.cells).filter { $0.kind == .tab }.isEmpty)
  }
}
