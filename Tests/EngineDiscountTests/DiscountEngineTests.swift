import EngineDiscount
import RenderCore
import Testing

@Test func rendersEmphasis() throws {
  let fragment = try DiscountEngine().render("*hi*", options: RenderOptions())
  #expect(fragment.html == "<p><em>hi</em></p>")
}
