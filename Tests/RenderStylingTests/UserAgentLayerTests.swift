import RenderCore
import RenderStyling
import Testing

/// The user-agent layer applies beneath any author stylesheet, even an empty one.
@Suite("User-agent layer")
struct UserAgentLayerTests {
  private func style(
    _ name: String, _ attributes: [String: String] = [:], under parentName: String? = nil
  ) throws -> ComputedStyle {
    var page = StylingTestDocument()
    let parent = parentName.map { page.element($0) }
    let node = page.element(name, attributes, text: "x", under: parent)
    return try page.style(of: node, css: "")
  }

  @Test(arguments: ["b", "strong", "h1", "h2", "h3", "h4", "h5", "h6", "th"])
  func bold(name: String) throws {
    #expect(try style(name).fontWeight == 700)
  }

  @Test(arguments: ["i", "em", "cite", "var", "dfn", "address"])
  func italic(name: String) throws {
    #expect(try style(name).italic)
  }

  @Test func decorations() throws {
    #expect(try style("u").underline)
    #expect(try style("ins").underline)
    for name in ["del", "s", "strike"] { #expect(try style(name).strikethrough, "\(name)") }
    let link = try style("a", ["href": "/x"])
    #expect(link.underline)
    #expect(link.color?.hex == "#0000ee")
    #expect(try !style("a").underline)
  }

  @Test(arguments: ["code", "kbd", "samp", "pre", "tt"])
  func monospace(name: String) throws {
    let style = try style(name)
    #expect(style.monospace)
    #expect(style.fontFamily == ["monospace"])
  }

  @Test func preservesWhiteSpaceInPre() throws {
    #expect(try style("pre").whiteSpace == .pre)
    #expect(try style("code", under: "pre").whiteSpace == .pre)
    #expect(try style("code").whiteSpace == .normal)
  }

  static let headingSizes: [(String, Double)] = [
    ("h1", 32), ("h2", 24), ("h3", 18.72), ("h4", 16), ("h5", 13.28), ("h6", 10.72),
  ]

  @Test(arguments: headingSizes)
  func headingSize(name: String, pixels: Double) throws {
    #expect(abs(try style(name).fontSize - pixels) < 0.001)
  }

  static let displays: [(String, ComputedStyle.Display)] = [
    ("p", .block), ("div", .block), ("ul", .block), ("ol", .block), ("li", .listItem),
    ("blockquote", .block), ("pre", .block), ("h1", .block), ("h6", .block), ("table", .table),
    ("tr", .tableRow), ("td", .tableCell), ("th", .tableCell), ("hr", .block), ("section", .block),
    ("article", .block), ("header", .block), ("footer", .block), ("nav", .block), ("aside", .block),
    ("main", .block), ("figure", .block), ("dl", .block), ("dt", .block), ("dd", .block),
    ("address", .block), ("details", .block), ("summary", .block), ("form", .block),
    ("fieldset", .block), ("body", .block), ("html", .block), ("tbody", .block),
    ("noscript", .inline),
    ("span", .inline), ("a", .inline), ("em", .inline), ("custom-element", .inline),
    ("head", .none), ("script", .none), ("style", .none), ("template", .none), ("title", .none),
    ("meta", .none), ("link", .none),
  ]

  @Test(arguments: displays)
  func display(name: String, expected: ComputedStyle.Display) throws {
    #expect(try style(name).display == expected)
  }

  @Test func hiddenAttributeHides() throws {
    #expect(try style("p", ["hidden": ""]).display == .none)
    #expect(try style("p", ["hidden": "hidden"]).display == .none)
  }

  @Test func listIndentsAndMarkers() throws {
    var page = StylingTestDocument()
    let outer = page.element("ul")
    let outerItem = page.element("li", under: outer)
    let middle = page.element("ul", under: outerItem)
    let middleItem = page.element("li", under: middle)
    let inner = page.element("ul", under: middleItem)
    let innerItem = page.element("li", text: "x", under: inner)
    let ordered = page.element("ol", under: innerItem)
    let orderedItem = page.element("li", text: "y", under: ordered)
    let styles = try Stylesheet(css: "").cascade(page.document, colorScheme: .light)
    #expect(styles[outer].padding.left == 40)
    #expect(styles[outer].margin.top == 16)
    #expect(styles[middle].margin.top == 0)
    #expect(styles[outerItem].listStyleType == .disc)
    #expect(styles[middleItem].listStyleType == .circle)
    #expect(styles[innerItem].listStyleType == .square)
    #expect(styles[orderedItem].listStyleType == .decimal)
  }

  @Test func blockquoteMarginsAndBody() throws {
    let quote = try style("blockquote")
    #expect(quote.margin == ComputedStyle.Edges(top: 16, right: 40, bottom: 16, left: 40))
    var page = StylingTestDocument()
    page.element("p")
    #expect(try page.style(of: page.body, css: "").margin.left == 8)
  }

  @Test func subscriptsAndSuperscripts() throws {
    let sub = try style("sub")
    #expect(sub.verticalAlign == .sub)
    #expect(abs(sub.fontSize - 16 / 1.2) < 0.001)
    #expect(try style("sup").verticalAlign == .super)
  }

  @Test func userAgentLayerStaysUnderAUserStylesheet() throws {
    var page = StylingTestDocument()
    let bold = page.element("b", text: "x")
    let style = try page.style(of: bold, css: "b { color: red }")
    #expect(style.fontWeight == 700)
    #expect(style.color?.hex == "#ff0000")
  }
}
