import RenderCore
import RenderStyling
import Testing

@Suite("Selector matching")
struct SelectorMatchingTests {
  /// Whether `selector` matches `target`, judged by a background colour (not inherited).
  private func matches(
    _ selector: String, in page: StylingTestDocument, _ target: Document.NodeID
  ) throws -> Bool {
    let sheet = try Stylesheet(css: "\(selector) { background: #010203 }", strict: true)
    return try sheet.cascade(page.document, colorScheme: .light)[target].backgroundColor?.hex
      == "#010203"
  }

  private func samplePage() -> (
    StylingTestDocument, nav: Document.NodeID, item: Document.NodeID, link: Document.NodeID
  ) {
    var page = StylingTestDocument()
    let nav = page.element("nav", ["id": "main", "class": "menu dark"])
    let list = page.element("ul", under: nav)
    page.element("li", text: "first", under: list)
    let item = page.element("li", ["class": "current", "data-state": "open"], under: list)
    let link = page.element("a", ["href": "/x", "title": "Go there"], text: "x", under: item)
    page.element("li", text: "last", under: list)
    return (page, nav, item, link)
  }

  @Test(arguments: [
    ("li", true), ("LI", true), ("*", true), (".current", true), ("li.current", true),
    ("#main li", true), ("nav#main.menu li.current", true), ("[data-state]", true),
    ("[data-state=open]", true), ("[data-state=\"open\"]", true), ("[data-state='open']", true),
    ("li[data-state=closed]", false), ("p", false), (".missing", false), ("#main", false),
    ("nav > ul > li", true), ("nav > li", false), ("nav li", true), ("body li.current", true),
    ("ul li", true), ("section li", false), ("li:first-child", false), ("li:last-child", false),
    ("ul > :first-child + li", true), ("li, p", true), ("p, .current", true),
    ("nav.dark.menu ul li", true), ("nav.light li", false), ("html body nav ul li", true),
    ("html > nav li", false),
  ])
  func selectorAgainstTheMiddleItem(selector: String, expected: Bool) throws {
    let (page, _, item, _) = samplePage()
    #expect(try matches(selector, in: page, item) == expected, "\(selector)")
  }

  @Test func firstAndLastChildCountElementsOnly() throws {
    var page = StylingTestDocument()
    let list = page.element("ul")
    page.document.appendText("  ", to: list)
    let first = page.element("li", text: "a", under: list)
    let middle = page.element("li", text: "b", under: list)
    let last = page.element("li", text: "c", under: list)
    page.document.appendText("\n", to: list)
    #expect(try matches("li:first-child", in: page, first))
    #expect(try !matches("li:first-child", in: page, middle))
    #expect(try matches("li:last-child", in: page, last))
    #expect(try !matches("li:last-child", in: page, middle))
    #expect(try matches(":first-child:last-child", in: page, list))
  }

  @Test func attributeValuesAreCaseSensitiveAndNamesAreNot() throws {
    let (page, _, _, link) = samplePage()
    #expect(try matches("a[TITLE=\"Go there\"]", in: page, link))
    #expect(try !matches("a[title=\"go there\"]", in: page, link))
    #expect(try matches("a[href]", in: page, link))
  }

  @Test func classesAndIdsAreCaseSensitive() throws {
    let (page, nav, _, _) = samplePage()
    #expect(try !matches(".MENU", in: page, nav))
    #expect(try !matches("#MAIN", in: page, nav))
    #expect(try matches("#main", in: page, nav))
  }

  @Test func descendantAfterChildBacktracks() throws {
    // `div > p span`: the span's nearest p is not a child of a div, a farther one is.
    var page = StylingTestDocument()
    let div = page.element("div")
    let outer = page.element("p", under: div)
    let section = page.element("section", under: outer)
    let inner = page.element("p", under: section)
    let span = page.element("span", text: "x", under: inner)
    #expect(try matches("div > p span", in: page, span))
    #expect(try !matches("div > p > span", in: page, span))
    #expect(try matches("div p > span", in: page, span))
    #expect(try !matches("body > p span", in: page, span))
  }

  @Test(arguments: [
    ("a:nth-child(2 of .x)", "\":nth-child(2 of .x)\" is not An+B (\"of S\" is not supported)"),
    ("a:nth-child(2", "\":nth-child(\" is not closed with \")\""),
    ("a:nth-child", "pseudo-class \":nth-child\" is not supported"),
    ("p:not(div p)", ":not() with combinators inside is not supported"),
    ("p:not(:not(p))", ":not() inside :not() is not supported"),
    ("p:has(+ a)", "pseudo-class \":has()\" is not supported"),
    ("p::before", "pseudo-element \"::before\" is not supported"),
    ("h1 + + p", "expected a selector but found \"+\""),
    ("a[href^=http]", "only [attr] and [attr=value] attribute selectors are supported"),
    ("a[href=x i]", "attribute selector not closed with \"]\" (case flags are not supported)"),
    ("svg|a", "namespace selectors are not supported"),
    ("p,", "empty selector"),
    ("", "empty selector"),
    ("p > > a", "expected a selector but found \">\""),
    ("> p", "expected a selector but found \">\""),
    ("p..a", "\".\" must be followed by a name"),
  ])
  func unsupportedSelectorsDropTheRule(selector: String, message: String) throws {
    let sheet = try Stylesheet(css: "p { color: red }\n\(selector) { color: blue }")
    let excerpt = selector.isEmpty ? "" : selector
    #expect(sheet.diagnostics.map(\.message) == ["rule \"\(excerpt)\" dropped: \(message)"])
    #expect(sheet.diagnostics.first?.line == 2)
  }

  @Test func interactivePseudoClassesAreIgnoredForStyledTextAlone() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let sheet = try Stylesheet(
      css: "p, a:hover { color: red }\np:focus-within { font-size: 30px }")
    #expect(
      sheet.diagnostics.map(\.message) == [
        "part of rule \"p, a:hover\" ignored for styled text: \":hover\" needs a pointer,"
          + " focus or browsing history",
        "rule \"p:focus-within\" ignored for styled text: \":focus-within\" needs a pointer,"
          + " focus or browsing history",
      ])
    let style = try sheet.cascade(page.document, colorScheme: .light)[paragraph]
    #expect(style.color?.hex == "#ff0000")
    #expect(style.fontSize == 16)
  }

  @Test func oneInvalidSelectorDropsTheWholeGroup() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", text: "x")
    let sheet = try Stylesheet(css: "p, a::before { color: red }")
    #expect(sheet.diagnostics.count == 1)
    #expect(try sheet.cascade(page.document, colorScheme: .light)[paragraph].color == nil)
  }
}
