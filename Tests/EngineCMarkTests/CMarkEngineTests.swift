import EngineCMark
import RenderCore
import Testing

@Test func rendersEmphasis() throws {
  let fragment = try CMarkEngine().render("*hi*", options: RenderOptions())
  #expect(fragment.html == "<p><em>hi</em></p>\n")
}
