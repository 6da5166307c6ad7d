import Foundation
import RenderCore
import RenderStyling
import Testing

@Suite("Default theme")
struct DefaultThemeTests {
  @Test func loadsWithoutDiagnosticsAndHasADarkVariant() throws {
    let theme = Stylesheet.default
    #expect(theme.diagnostics == [])
    #expect(theme.hasDarkVariant)
    #expect(theme.source.contains("@media (prefers-color-scheme: dark)"))
    #expect(try Stylesheet(css: theme.source, strict: true) == theme)
  }

  @Test func themesTheDocumentInBothSchemes() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "Body text ")
    let link = page.element("a", ["href": "https://example.com"], text: "link", under: paragraph)
    let quote = page.element("blockquote")
    let quoted = page.element("p", text: "quoted", under: quote)
    let pre = page.element("pre")
    let code = page.element("code", text: "let x = 1", under: pre)
    let inlineCode = page.element("code", text: "x", under: paragraph)
    let table = page.element("table")
    let row = page.element("tr", under: table)
    let cell = page.element("td", text: "cell", under: row)

    let light = try Stylesheet.default.cascade(page.document, colorScheme: .light)
    #expect(light[page.html].backgroundColor?.hex == "#ffffff")
    #expect(light[paragraph].color?.hex == "#1f2328")
    #expect(light[paragraph].fontFamily.first == "-apple-system")
    #expect(!light[paragraph].monospace)
    #expect(light[paragraph].lineHeight == 1.6)
    #expect(light[link].color?.hex == "#0969da")
    #expect(light[link].underline)
    #expect(light[quote].padding.left == 16)
    #expect(light[quoted].color?.hex == "#59636e")
    #expect(light[pre].backgroundColor?.hex == "#f6f8fa")
    #expect(light[pre].padding.top == 16)
    #expect(light[code].monospace)
    #expect(light[code].backgroundColor?.alpha == 0)
    #expect(light[code].whiteSpace == .pre)
    #expect(light[inlineCode].backgroundColor?.hex == "#eff1f3")
    #expect(light[inlineCode].fontSize == 14)
    #expect(light[cell].padding == ComputedStyle.Edges(top: 6, right: 13, bottom: 6, left: 13))

    let dark = try Stylesheet.default.cascade(page.document, colorScheme: .dark)
    #expect(dark[page.html].backgroundColor?.hex == "#0d1117")
    #expect(dark[paragraph].color?.hex == "#e6edf3")
    #expect(dark[link].color?.hex == "#4493f8")
    #expect(dark[pre].backgroundColor?.hex == "#151b23")
    #expect(dark[quoted].color?.hex == "#9198a1")
  }

  /// A browser stretches `√` and enlarges `∑` only in a font with a MATH table: the theme
  /// names the reader's math font first, then the ones systems ship, for a viewport (the page,
  /// in either scheme); styled text, which shows a formula's linear Unicode, keeps its font.
  @Test(arguments: [ColorScheme.light, .dark])
  func mathIsSetInAMathFontOnThePageOnly(scheme: ColorScheme) throws {
    let source = Stylesheet.default.source
    let stack = #"font-family: math, "STIX Two Math", "Latin Modern Math", "Cambria Math""#
    let rule = try #require(source.range(of: stack))
    let block = try #require(source[..<rule.lowerBound].range(of: "@media", options: .backwards))
    #expect(source[block.lowerBound...].hasPrefix("@media (min-width: 0px)"))
    #expect(source[block.lowerBound..<rule.lowerBound].contains("math {"))
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "Area ")
    let math = page.element("math", under: paragraph)
    let styles = try Stylesheet.default.cascade(page.document, colorScheme: scheme)
    #expect(styles[math].fontFamily.first == "-apple-system")
  }
}
