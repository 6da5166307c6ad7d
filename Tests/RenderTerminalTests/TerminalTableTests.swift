import RenderStyling
import RenderTerminal
import RenderText
import Testing

@Suite("Terminal tables")
struct TerminalTableTests {

  @Test(arguments: [20, 40, 80, 120])
  func neverWiderThanTheLine(width: Int) {
    var sample = TerminalSample()
    let long = String(repeating: "word ", count: 40)
    sample.add(.tableRow, "a\t\(long)\t\(long)", spacing: 0)
    sample.add(.tableRow, "b\tc\td", spacing: 0)
    let output = TerminalRenderer(width: width).render(sample.text)
    let lines = output.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= width })
    // Every line of the box is as wide as the others, so the borders line up.
    #expect(Set(lines.map(\.count)).count == 1)
    #expect(lines.first?.hasPrefix("┌") == true && lines.last?.hasPrefix("└") == true)
  }

  @Test func narrowTableKeepsItsContentWidths() {
    var sample = TerminalSample()
    sample.add(.tableRow, "x\tlonger", spacing: 0)
    let output = TerminalRenderer(width: 80).render(sample.text)
    #expect(output == "┌───┬────────┐\n│ x │ longer │\n└───┴────────┘\n")
  }

  @Test func alignmentPlacesEachCell() {
    var sample = TerminalSample()
    sample.add(.tableRow, "left\tmiddle\tright", spacing: 0)
    sample.add(.tableRow, "a\tb\tc", spacing: 0)
    var text = sample.text
    for index in 0...1 { text.blocks[index].cellAlignments = [.left, .center, .right] }
    text.blocks[0].isHeaderRow = true
    let lines = TerminalRenderer(width: 80, lineDrawing: .ascii).render(text)
      .split(separator: "\n")
    #expect(lines[2] == "+======+========+=======+")
    #expect(lines[3] == "| a    |   b    |     c |")
  }

  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], TerminalLineDrawing.unicode),
    (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
    (["LC_ALL": "", "LC_CTYPE": "de_DE.utf8"], .unicode),
    (["LANG": "en_US.ISO-8859-1"], .ascii),
    ([:], .ascii),
  ])
  func lineDrawingFollowsTheLocale(environment: [String: String], expected: TerminalLineDrawing) {
    #expect(TerminalLineDrawing(environment: environment) == expected)
  }
}
