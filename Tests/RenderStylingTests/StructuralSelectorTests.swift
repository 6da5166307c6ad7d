import RenderCore
import RenderStyling
import Testing

/// Sibling combinators, `:not()`, `:nth-*()` and `:link`, judged by a background colour (not
/// inherited) so that only the element itself can match.
@Suite("Structural selectors")
struct StructuralSelectorTests {
  private func marked(_ selector: String, in page: StylingTestDocument) throws -> Set<
    Document.NodeID
  > {
    let sheet = try Stylesheet(css: "\(selector) { background: #010203 }", strict: true)
    let styles = try sheet.cascade(page.document, colorScheme: .light)
    return Set(
      page.document.nodes.indices.filter {
        page.document.nodes[$0].kind == .element && styles[$0].backgroundColor?.hex == "#010203"
      })
  }

  /// `body > p, h1, p, p, div, p`, with whitespace text between the elements.
  private func headingPage() -> (StylingTestDocument, [Document.NodeID]) {
    var page = StylingTestDocument()
    var nodes: [Document.NodeID] = []
    for name in ["p", "h1", "p", "p", "div", "p"] {
      page.document.appendText("\n  ", to: page.body)
      nodes.append(page.element(name, text: name))
    }
    return (page, nodes)
  }

  @Test(arguments: [
    ("h1 + p", [2]), ("h1 ~ p", [2, 3, 5]), ("h1 + p + p", [3]), ("p + p", [3]),
    ("p ~ p", [2, 3, 5]), ("h1 ~ div + p", [5]), ("div ~ h1", []), ("body > h1 + p", [2]),
    ("h1 ~ *", [2, 3, 4, 5]), ("p + h1", [1]),
  ])
  func siblingCombinators(selector: String, expected: [Int]) throws {
    let (page, nodes) = headingPage()
    #expect(try marked(selector, in: page) == Set(expected.map { nodes[$0] }), "\(selector)")
  }

  @Test func siblingsAloneDoNotShareAStyle() throws {
    // Ten equal items: only the first is not preceded by another (a cache keyed by the element
    // and its parent alone would give all ten one style).
    var page = StylingTestDocument()
    let list = page.element("ul")
    let items = (0..<10).map { _ in page.element("li", text: "x", under: list) }
    #expect(try marked("li + li", in: page) == Set(items.dropFirst()))
    #expect(try marked("li ~ li ~ li", in: page) == Set(items.dropFirst(2)))
  }

  @Test func aSiblingCombinatorLeftOfADescendant() throws {
    var page = StylingTestDocument()
    let first = page.element("section", ["class": "a"])
    page.element("span", text: "before", under: first)
    let second = page.element("section")
    let deep = page.element("span", text: "after", under: page.element("div", under: second))
    #expect(try marked(".a ~ section span", in: page) == [deep])
    #expect(try marked(".a + section > div > span", in: page) == [deep])
  }

  @Test(arguments: [
    ("li:not(.b)", [0, 2, 3]), ("li:not(.b, #d)", [0, 2]), (":not(li, ul, body, html)", []),
    ("li:not([data-x])", [1, 2, 3]), ("li:not(:first-child)", [1, 2, 3]),
    ("li:not(:hover)", [0, 1, 2, 3]), ("li:not(:nth-child(odd))", [1, 3]),
  ])
  func negation(selector: String, expected: [Int]) throws {
    var page = StylingTestDocument()
    let list = page.element("ul")
    let items = [
      page.element("li", ["data-x": "1"], text: "a", under: list),
      page.element("li", ["class": "b"], text: "b", under: list),
      page.element("li", text: "c", under: list),
      page.element("li", ["id": "d"], text: "d", under: list),
    ]
    #expect(try marked(selector, in: page) == Set(expected.map { items[$0] }), "\(selector)")
  }

  @Test func negationCountsItsMostSpecificArgument() throws {
    var page = StylingTestDocument()
    let paragraph = page.element("p", ["class": "c"], text: "x")
    // `:not(#y)` has an id's specificity, so it beats `.c` written after it.
    let style = try page.style(of: paragraph, css: "p:not(#y) { color: red } .c { color: blue }")
    #expect(style.color?.hex == "#ff0000")
  }

  @Test(arguments: [
    ("li:nth-child(odd)", [0, 2, 4, 6]), ("li:nth-child(2n)", [1, 3, 5]),
    ("li:nth-child(even)", [1, 3, 5]), ("li:nth-child(3)", [2]), ("li:nth-child(-n+2)", [0, 1]),
    ("li:nth-child(n+6)", [5, 6]), ("li:nth-child(3n + 1)", [0, 3, 6]),
    ("li:nth-child(0n+0)", []), ("li:nth-last-child(1)", [6]),
    ("li:nth-last-child(-n + 2)", [5, 6]),
    ("li:nth-child(+n)", [0, 1, 2, 3, 4, 5, 6]),
  ])
  func nthChild(selector: String, expected: [Int]) throws {
    var page = StylingTestDocument()
    let list = page.element("ol")
    let items = (0..<7).map { number -> Document.NodeID in
      page.document.appendText(" ", to: list)
      return page.element("li", text: "\(number)", under: list)
    }
    #expect(try marked(selector, in: page) == Set(expected.map { items[$0] }), "\(selector)")
  }

  @Test(arguments: [
    ("p:nth-of-type(2)", [2]), ("p:first-of-type", [0]), ("p:last-of-type", [4]),
    ("h2:only-of-type", [1]), ("p:only-of-type", []), ("span:only-of-type", [3]),
    ("p:nth-last-of-type(2)", [2]), ("p:nth-child(3)", [2]),
  ])
  func ofType(selector: String, expected: [Int]) throws {
    var page = StylingTestDocument()
    let section = page.element("section")
    let nodes = ["p", "h2", "p", "span", "p"].map { page.element($0, text: $0, under: section) }
    #expect(try marked(selector, in: page) == Set(expected.map { nodes[$0] }), "\(selector)")
  }

  @Test func linkMatchesAnchorsAndAreasWithHref() throws {
    var page = StylingTestDocument()
    let link = page.element("a", ["href": "/x"], text: "x")
    page.element("a", ["name": "anchor"], text: "y")
    page.element("div", ["href": "/x"], text: "z")
    let area = page.element("area", ["href": "/a"])
    #expect(try marked(":link", in: page) == [link, area])
    #expect(try marked("a:any-link", in: page) == [link])
  }

  @Test func rootIsTheTopElementOnly() throws {
    let (page, _) = headingPage()
    #expect(try marked(":root", in: page) == [page.html])
    #expect(try marked("html:root > body", in: page) == [page.body])
  }

  @Test func linkColourFromALinkRule() throws {
    var page = StylingTestDocument()
    let link = page.element("a", ["href": "/x"], text: "x")
    let style = try page.style(of: link, css: "a:link { color: #123456 }")
    #expect(style.color?.hex == "#123456")
  }
}
