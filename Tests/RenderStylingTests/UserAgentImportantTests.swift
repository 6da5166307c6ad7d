import Testing

@testable import RenderStyling

/// The built-in layer has no `!important` declarations, so this one layer order is checked
/// with a stand-in user-agent layer.
@Suite("User-agent important declarations")
struct UserAgentImportantTests {
  private func rules(_ css: String) -> [StyleRule] {
    var parser = StylesheetParser(css: css)
    parser.parse()
    return parser.rules
  }

  @Test func userAgentImportantBeatsEveryOtherLayer() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", ["style": "color: blue !important"], text: "x")
    let compiled = CompiledStylesheet(
      userAgent: rules("p { color: red !important; font-weight: 300 }"),
      author: rules("#none, p { color: green !important; font-weight: 900 }"))
    var run = CascadeRun(compiled: compiled, colorScheme: .light, maximumWork: .max)
    let style = try run.run(page.document)[paragraph]
    #expect(style.color?.hex == "#ff0000")
    #expect(style.fontWeight == 900)
  }
}
