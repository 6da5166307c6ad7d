import RenderCore
import RenderStyling
import Testing

@Suite("Cascade order")
struct CascadeOrderTests {
  private func color(
    _ css: String, style: String? = nil, tag: String = "p", scheme: ColorScheme = .light
  ) throws -> String? {
    var page = StylingTestDocument()
    var attributes = ["id": "x", "class": "c"]
    attributes["style"] = style
    let node = page.element(tag, attributes, text: "text")
    return try page.style(of: node, css: css, scheme: scheme).color?.hex
  }

  @Test func laterRuleWinsOnEqualSpecificity() throws {
    #expect(try color("p { color: red } p { color: blue }") == "#0000ff")
    #expect(try color(".c { color: red } .c { color: blue }") == "#0000ff")
  }

  @Test func higherSpecificityWinsRegardlessOfOrder() throws {
    #expect(try color("#x { color: red } .c { color: blue }") == "#ff0000")
    #expect(try color(".c { color: red } p { color: blue }") == "#ff0000")
    #expect(try color("body p { color: red } p { color: blue }") == "#ff0000")
    #expect(try color("p[id] { color: red } p { color: blue }") == "#ff0000")
    #expect(try color("p:first-child { color: red } p { color: blue }") == "#ff0000")
    #expect(try color("#x { color: red } html body p.c { color: blue }") == "#ff0000")
  }

  @Test func laterDeclarationInOneRuleWins() throws {
    #expect(try color("p { color: red; color: blue }") == "#0000ff")
  }

  @Test func authorImportantBeatsLaterAndMoreSpecificNormal() throws {
    #expect(try color("p { color: red !important } #x { color: blue }") == "#ff0000")
    #expect(try color("p { color: red ! IMPORTANT } p { color: blue }") == "#ff0000")
  }

  @Test func importantRulesCompareBySpecificityAmongThemselves() throws {
    #expect(try color("#x { color: red !important } p { color: blue !important }") == "#ff0000")
  }

  @Test func inlineStyleBeatsAuthorNormal() throws {
    #expect(try color("#x { color: red }", style: "color: blue") == "#0000ff")
  }

  @Test func authorImportantBeatsInlineNormal() throws {
    #expect(try color("p { color: red !important }", style: "color: blue") == "#ff0000")
  }

  @Test func inlineImportantBeatsAuthorImportant() throws {
    #expect(try color("#x { color: red !important }", style: "color: blue !important") == "#0000ff")
  }

  @Test func authorNormalBeatsUserAgentNormal() throws {
    var page = StylingTestDocument()
    let bold = page.element("b", text: "x")
    #expect(try page.style(of: bold, css: "b { font-weight: 300 }").fontWeight == 300)
    let heading = page.element("h1", text: "x")
    // The UA's `h1` is (0,0,1); the author's `*` is (0,0,0) but wins by origin.
    #expect(try page.style(of: heading, css: "* { font-size: 10px }").fontSize == 10)
  }

  @Test func invalidInlineDeclarationsAreSkipped() throws {
    #expect(try color("", style: "color: nope; color: green") == "#008000")
    #expect(try color("", style: "} color: green") == "#008000")
  }

  @Test func darkRulesApplyOnlyInTheDarkScheme() throws {
    let css = "p { color: red } @media (prefers-color-scheme: dark) { p { color: white } }"
    #expect(try color(css, scheme: .light) == "#ff0000")
    #expect(try color(css, scheme: .dark) == "#ffffff")
    #expect(try Stylesheet(css: css).hasDarkVariant)
  }

  @Test func lightRulesApplyOnlyInTheLightScheme() throws {
    let css = "@media (prefers-color-scheme: light) { p { color: red } }"
    #expect(try color(css, scheme: .light) == "#ff0000")
    #expect(try color(css, scheme: .dark) == nil)
    #expect(try !Stylesheet(css: css).hasDarkVariant)
  }

  @Test(arguments: [
    ("all", true, true), ("screen", true, true), ("print", false, false),
    ("screen and (prefers-color-scheme: dark)", false, true),
    ("only screen and (prefers-color-scheme:light)", true, false),
    ("not (prefers-color-scheme: dark)", true, false), ("not print", true, true),
    ("print, (prefers-color-scheme: dark)", false, true), ("(min-width: 600px)", false, false),
    ("speech and (prefers-color-scheme: dark)", false, false),
  ])
  func mediaQueries(query: String, light: Bool, dark: Bool) throws {
    let css = "@media \(query) { p { color: red } }"
    #expect(try Stylesheet(css: css, strict: true).diagnostics.isEmpty)
    #expect(try (color(css, scheme: .light) == "#ff0000") == light, "light: \(query)")
    #expect(try (color(css, scheme: .dark) == "#ff0000") == dark, "dark: \(query)")
  }

  @Test func nestedMediaBlocksIntersect() throws {
    let css = """
      @media screen { @media (prefers-color-scheme: dark) { p { color: red } } p { font-weight: 900 } }
      """
    var page = StylingTestDocument()
    let node = page.element("p", text: "x")
    #expect(try page.style(of: node, css: css, scheme: .light).color == nil)
    #expect(try page.style(of: node, css: css, scheme: .light).fontWeight == 900)
    #expect(try page.style(of: node, css: css, scheme: .dark).color?.hex == "#ff0000")
  }

  @Test func inheritedPropertiesFlowToDescendantsAndOthersDoNot() throws {
    var page = StylingTestDocument()
    let div = page.element("div", text: "x")
    let span = page.element("span", text: "y", under: div)
    let css = """
      div { color: red; font-family: Georgia; font-size: 20px; font-weight: 300; font-style: italic;
        text-align: center; white-space: pre-wrap; line-height: 1.5; list-style-type: square;
        background-color: blue; margin: 5px; padding: 6px; vertical-align: super; display: table }
      """
    let style = try page.style(of: span, css: css)
    #expect(style.color?.hex == "#ff0000")
    #expect(style.fontFamily == ["Georgia"])
    #expect(style.fontSize == 20)
    #expect(style.fontWeight == 300)
    #expect(style.italic)
    #expect(style.textAlign == .center)
    #expect(style.whiteSpace == .preWrap)
    #expect(style.lineHeight == 1.5)
    #expect(style.listStyleType == .square)
    #expect(style.backgroundColor == nil)
    #expect(style.margin == ComputedStyle.Edges())
    #expect(style.padding == ComputedStyle.Edges())
    #expect(style.verticalAlign == .baseline)
    #expect(style.display == .inline)
  }

  @Test func textNodesGetTheirParentsStyle() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let text = try #require(page.document.nodes[paragraph].firstChild)
    let styles = try Stylesheet(css: "p { color: red }").cascade(page.document, colorScheme: .light)
    #expect(styles.styleIndices[text] == styles.styleIndices[paragraph])
    #expect(styles[text].color?.hex == "#ff0000")
  }

  @Test func globalKeywords() throws {
    var page = StylingTestDocument()
    let div = page.element("div")
    let span = page.element("span", text: "y", under: div)
    let base = "div { color: red; background: blue; font-size: 20px; margin: 3px }"
    let inherit = try page.style(
      of: span, css: base + " span { background: inherit; margin: inherit }")
    #expect(inherit.backgroundColor?.hex == "#0000ff")
    #expect(inherit.margin.left == 3)
    let initial = try page.style(
      of: span, css: base + " span { color: initial; font-size: initial }")
    #expect(initial.color == nil)
    #expect(initial.fontSize == 16)
    let unset = try page.style(
      of: span, css: base + " span { color: unset; background: unset } span { color: unset }")
    #expect(unset.color?.hex == "#ff0000")
    #expect(unset.backgroundColor == nil)
    let font = try page.style(of: span, css: base + " span { font: inherit }")
    #expect(font.fontSize == 20)
  }

  @Test func identicalSiblingsShareOneStyle() throws {
    var page = StylingTestDocument()
    let list = page.element("ul")
    let items = (0..<50).map {
      page.element("li", ["id": "item\($0)", "class": "x y"], text: "\($0)", under: list)
    }
    let styles = try Stylesheet(css: "li { color: red } #item7 { color: blue }").cascade(
      page.document, colorScheme: .light)
    #expect(Set(items.map { styles.styleIndices[$0] }).count == 2)
    #expect(styles[items[7]].color?.hex == "#0000ff")
    #expect(styles[items[8]].color?.hex == "#ff0000")
    #expect(styles.uniqueStyles.count < 10)
  }

  @Test func displayNoneHidesTheWholeSubtree() throws {
    var page = StylingTestDocument()
    let div = page.element("div", ["hidden": ""])
    let paragraph = page.element("p", text: "x", under: div)
    let styles = try Stylesheet.default.cascade(page.document, colorScheme: .light)
    #expect(styles[div].display == .none)
    #expect(styles[paragraph].display == .none)
  }
}
