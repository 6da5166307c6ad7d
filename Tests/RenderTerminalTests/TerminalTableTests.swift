import Foundation
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

  /// A table whose columns' longest words do not fit the line is shown as records, one per
  /// row, `header: value` on each line, rather than as a box that cuts "Feature" into
  /// "Fea", "tur", "e".
  @Test(arguments: [30, 50, 70])
  func tooManyColumnsBecomeRecords(width: Int) throws {
    let headers = ["Feature", "cmark", "cmark-gfm", "Discount", "md4c", "comrak", "Notes", "Since"]
    let rows = [
      ["Tables", "no", "yes", "yes", "yes", "yes", "pipe syntax, aligned", "2019"],
      ["Footnotes", "no", "yes", "yes", "no", "yes", "", "2021"],
    ]
    var sample = TerminalSample()
    sample.add(.tableRow, headers.joined(separator: "\t"), spacing: 0)
    for row in rows { sample.add(.tableRow, row.joined(separator: "\t"), spacing: 0) }
    var text = sample.text
    text.blocks[0].isHeaderRow = true
    let output = TerminalRenderer(width: width, lineDrawing: .ascii).render(text)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.allSatisfy { $0.count <= width }, "\(output)")
    // No word is cut: every word of the table is whole on some line.
    let words = Set(
      lines.flatMap {
        $0.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }
      })
    for word in (headers + rows.joined()).flatMap({ $0.split(separator: " ") }) {
      #expect(words.contains(word.trimmingCharacters(in: .punctuationCharacters)), "\(word)")
    }
    // Each record: a rule, then `header: value` for each column, in order.
    let rule = String(repeating: "-", count: width)
    #expect(lines.filter { $0 == rule }.count == rows.count + 1, "\(output)")
    #expect(lines[1] == "Feature: Tables")
    #expect(lines.contains("Since: 2021"))
    #expect(lines.contains("Notes:"))
    let labelled = lines.filter { $0.contains(": ") || $0.hasSuffix(":") }
    #expect(labelled.count == headers.count * rows.count, "\(output)")
  }

  @Test func aTableThatFitsIsStillABox() {
    var sample = TerminalSample()
    sample.add(.tableRow, "Feature\tcmark\tmd4c", spacing: 0)
    sample.add(.tableRow, "Tables\tno\tyes", spacing: 0)
    var text = sample.text
    text.blocks[0].isHeaderRow = true
    let output = TerminalRenderer(width: 30, lineDrawing: .ascii).render(text)
    #expect(
      output.hasPrefix("+---------+-------+------+\n| Feature | cmark | md4c |\n"), "\(output)")
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
