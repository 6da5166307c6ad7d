import RenderCore
import Testing

@Suite("Styling smoke")
struct StylesheetSmokeTests {
  @Test func basics() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", ["class": "lead"], text: "Hello ")
    let bold = page.element("b", text: "bold", under: paragraph)
    let style = try page.style(of: bold, css: "p.lead { color: red; font-size: 20px }")
    #expect(style.fontWeight == 700)
    #expect(style.color == CSSColor(red: 255, green: 0, blue: 0))
    #expect(style.fontSize == 20)
    #expect(Stylesheet.default.diagnostics == [])
    #expect(Stylesheet.default.hasDarkVariant)
    let dark = try page.style(of: paragraph, scheme: .dark)
    #expect(dark.color?.hex == "#e6edf3")
  }
}
