import RenderCore
import RenderText
import Testing

@Suite("StyledText tables")
struct StyledTextTableTests {
  @Test("each row is a block; cells are separated by a tab; header cells bold")
  func rows() {
    let styled = TestMarkup.styledText(
      """
      <table>
        <thead><tr><th> Name </th><th>Size</th></tr></thead>
        <tbody>
          <tr><td>cmark</td><td>  83 MB/s </td></tr>
          <tr><td>discount</td><td>30 MB/s</td></tr>
        </tbody>
      </table>
      """)
    #expect(styled.blockTexts == ["Name\tSize", "cmark\t83 MB/s", "discount\t30 MB/s"])
    #expect(styled.blocks.map(\.kind) == [.tableRow, .tableRow, .tableRow])
    #expect(styled.style(at: "Name")?.fontWeight == 700)
    #expect(styled.style(at: "cmark")?.fontWeight == 400)
  }

  @Test("each row carries its cells' alignment (style, th) and whether it is a header")
  func cellAlignments() {
    let styled = TestMarkup.styledText(
      """
      <table>
        <thead><tr><th style="text-align:left">a</th><th style="text-align:right">b</th><th>c</th></tr></thead>
        <tbody><tr><td style="text-align:center">1</td><td>2</td><th>3</th></tr></tbody>
      </table>
      """)
    #expect(
      styled.blocks.map(\.cellAlignments) == [
        [.left, .right, .center], [.center, .start, .center],
      ])
    #expect(styled.blocks.map(\.isHeaderRow) == [true, false])
  }

  @Test("empty cells keep their column; paragraphs inside a cell stay blocks")
  func cellsWithBlocks() {
    let styled = TestMarkup.styledText(
      "<table><tr><td></td><td><p>a</p><p>b</p></td><td>c<br>d</td></tr></table>")
    #expect(styled.blockTexts == ["\t", "a", "b", "\tc\u{2028}d"])
    #expect(styled.blocks.map(\.kind) == [.tableRow, .paragraph, .paragraph, .tableRow])
  }

  @Test("a list or heading inside a cell keeps its blocks")
  func listInCell() {
    let styled = TestMarkup.styledText(
      "<table><tr><td>x</td><td><ul><li>one</li><li>two</li></ul></td></tr>"
        + "<tr><td><h2>Title</h2>text</td></tr></table>")
    #expect(styled.blockTexts == ["x\t", "• one", "• two", "Title", "text"])
    #expect(
      styled.blocks.map(\.kind) == [.tableRow, .listItem, .listItem, .heading, .tableRow])
  }

  @Test("cells without a row still separate their words")
  func looseCells() {
    let styled = TestMarkup.styledText("<div><td>a</td><td>b</td></div>")
    #expect(styled.string == "a b")
  }
}

extension StyledTextTableTests {
  @Test("a table inside a cell keeps its rows; no words run together")
  func nestedTable() {
    let styled = TestMarkup.styledText(
      "<table><tr><td>a</td><td><table><tr><td>b</td><td>c</td></tr></table>e</td></tr>"
        + "<tr><td>d</td></tr></table>")
    #expect(styled.blockTexts == ["a\t", "b\tc", "e", "d"])
  }
}
