import RenderKit
import Testing

/// HTML attributes that browsers turn into styles: list numbering `type` and `align`.
@Suite struct PresentationalHintTests {
  let renderer: Renderer

  init() throws {
    renderer = try Renderer()
  }

  @Test func listTypeAttributesChooseTheMarkers() throws {
    let html =
      "<ol type=\"a\"><li>x</li><li>y</li></ol><ol type=\"I\" start=\"3\"><li>z</li></ol><ul type=\"square\"><li>w</li></ul>"
    #expect(try renderer.styledText(.html(html)).plainText == "a. x\nb. y\n\nIII. z\n\n▪ w")
  }

  @Test func alignAttributesAlignTheBlock() throws {
    let styled = try renderer.styledText(
      .html("<p align=\"center\">c</p><p align=\"right\">r</p><p>l</p>"))
    #expect(styled.blocks.map(\.alignment) == [.center, .right, .start])
  }
}
