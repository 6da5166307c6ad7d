import RenderCore
import RenderStyling
import Testing

@Suite("Property values")
struct PropertyValueTests {
  /// The style of a `span` inside a `div` whose font size is 20px, under `css`.
  private func span(_ css: String) throws -> (ComputedStyle, [String]) {
    var page = StylingTestDocument()
    let div = page.element("div")
    let span = page.element("span", text: "x", under: div)
    let sheet = try Stylesheet(css: "html { font-size: 10px } div { font-size: 20px } " + css)
    return (
      try sheet.cascade(page.document, colorScheme: .light)[span], sheet.diagnostics.map(\.message)
    )
  }

  static let fontSizes: [(String, Double)] = [
    ("12px", 12), ("12pt", 16), ("1.5em", 30), ("2rem", 20), ("50%", 10), ("xx-small", 9),
    ("x-small", 10), ("small", 13), ("medium", 16), ("large", 18), ("x-large", 24),
    ("xx-large", 32), ("xxx-large", 48), ("smaller", 20 / 1.2), ("larger", 24), ("0", 0),
    ("1in", 96), ("2.54cm", 96), ("1pc", 16), ("2ex", 20), ("1e1px", 10), (".5em", 10),
  ]

  @Test(arguments: fontSizes)
  func fontSize(value: String, pixels: Double) throws {
    let (style, diagnostics) = try span("span { font-size: \(value) }")
    #expect(diagnostics.isEmpty)
    #expect(abs(style.fontSize - pixels) < 0.0001, "\(value)")
  }

  static let fontWeights: [(String, Int)] = [
    ("100", 100), ("900", 900), ("normal", 400), ("bold", 700), ("bolder", 700), ("lighter", 100),
    ("550", 550),
  ]

  @Test(arguments: fontWeights)
  func fontWeight(value: String, weight: Int) throws {
    #expect(try span("span { font-weight: \(value) }").0.fontWeight == weight)
  }

  @Test func relativeWeightsFollowTheParent() throws {
    #expect(try span("div { font-weight: 700 } span { font-weight: bolder }").0.fontWeight == 900)
    #expect(try span("div { font-weight: 700 } span { font-weight: lighter }").0.fontWeight == 400)
    #expect(try span("div { font-weight: 900 } span { font-weight: lighter }").0.fontWeight == 700)
    #expect(try span("div { font-weight: 100 } span { font-weight: bolder }").0.fontWeight == 400)
  }

  @Test func fontFamilyAndMonospace() throws {
    let quoted = try span("span { font-family: \"DejaVu Sans Mono\", monospace }").0
    #expect(quoted.fontFamily == ["DejaVu Sans Mono", "monospace"])
    #expect(quoted.monospace)
    let unquoted = try span("span { font-family: Fira   Code, Georgia }").0
    #expect(unquoted.fontFamily == ["Fira Code", "Georgia"])
    #expect(unquoted.monospace)
    let proportional = try span("span { font-family: Georgia, monospace }").0
    #expect(!proportional.monospace)
    let unknownFirst = try span("span { font-family: MyFont, Menlo }").0
    #expect(unknownFirst.monospace)
    let generic = try span("span { font-family: SANS-SERIF }").0
    #expect(generic.fontFamily == ["sans-serif"])
    #expect(try span("code { } span { font-family: Consolas }").0.monospace)
    #expect(try span("div { font-family: ui-monospace } span { }").0.monospace)
  }

  @Test func fontShorthand() throws {
    let full = try span("span { font: italic bold 12px/30px Georgia, serif }").0
    #expect(full.italic)
    #expect(full.fontWeight == 700)
    #expect(full.fontSize == 12)
    #expect(full.lineHeight == 2.5)
    #expect(full.fontFamily == ["Georgia", "serif"])
    let short = try span(
      "div { font-weight: 900; font-style: italic; line-height: 3 } span { font: 1.5em monospace }"
    ).0
    #expect(short.fontSize == 30)
    #expect(short.fontWeight == 400)
    #expect(!short.italic)
    #expect(short.lineHeight == nil)
    #expect(short.monospace)
    let weighted = try span("span { font: normal small-caps 300 large/1.2 \"A B\" }").0
    #expect(weighted.fontWeight == 300)
    #expect(weighted.fontSize == 18)
    #expect(weighted.lineHeight == 1.2)
  }

  @Test(arguments: [
    ("font: bold", "font shorthand without a size"),
    ("font: 12px", "font shorthand without a family"),
    ("font: caption", "system font \"caption\" is not supported"),
    ("font: 12px/ serif", "\"serif\" is not a length"),
    ("font-family: 12", "\"12\" is not a font family name"),
    ("font-family: a,,b", "empty font family in the list"),
    ("font-size: -2px", "-2px must not be negative"),
    ("font-size: 12", "12 needs a unit"), ("font-size: 12vw", "unit \"vw\" is not supported"),
    ("font-size: huge", "\"huge\" is not a font size"),
    ("font-weight: 0", "font weight 0 is outside 1–1000"),
    ("font-style: slanted", "\"slanted\" is not a font style"),
    ("line-height: -1", "line height -1 is negative or out of range"),
  ])
  func invalidFontValues(declaration: String, reason: String) throws {
    let diagnostics = try span("span { \(declaration) }").1
    #expect(diagnostics == ["declaration \"\(declaration)\" dropped: \(reason)"])
  }

  @Test func fontStyleValues() throws {
    #expect(try span("span { font-style: oblique }").0.italic)
    #expect(try !span("div { font-style: italic } span { font-style: normal }").0.italic)
  }

  @Test func lineHeightForms() throws {
    #expect(try span("span { line-height: 1.4 }").0.lineHeight == 1.4)
    #expect(try span("span { line-height: 30px }").0.lineHeight == 1.5)
    #expect(try span("span { line-height: 2em }").0.lineHeight == 2)
    #expect(try span("span { line-height: 150% }").0.lineHeight == 1.5)
    #expect(try span("div { line-height: 2 } span { line-height: normal }").0.lineHeight == nil)
  }

  @Test func textDecorationsPropagate() throws {
    let both = try span(
      "div { text-decoration: underline } span { text-decoration-line: line-through }"
    ).0
    #expect(both.underline)
    #expect(both.strikethrough)
    let none = try span(
      "div { text-decoration: underline red wavy 2px } span { text-decoration: none }"
    ).0
    #expect(none.underline)
    let own = try span("span { text-decoration: underline line-through }").0
    #expect(own.underline && own.strikethrough)
    #expect(try span("span { text-decoration: overline }").0 == span("").0)
    #expect(
      try span("span { text-decoration-line: underline red }").1
        == [
          "declaration \"text-decoration-line: underline red\" dropped: \"red\" is not a text decoration"
        ])
    #expect(
      try span("span { text-decoration: none underline }").1
        == [
          "declaration \"text-decoration: none underline\" dropped: \"none\" cannot be combined with other lines"
        ])
  }

  static let displays: [(String, ComputedStyle.Display)] = [
    ("block", .block), ("inline", .inline), ("inline-block", .inline), ("list-item", .listItem),
    ("none", .none), ("table", .table), ("table-row", .tableRow), ("table-cell", .tableCell),
    ("flex", .block), ("grid", .block), ("inline-flex", .inline), ("flow-root", .block),
    ("table-row-group", .block), ("table-column", .none), ("contents", .inline),
  ]

  @Test(arguments: displays)
  func display(value: String, expected: ComputedStyle.Display) throws {
    #expect(try span("span { display: \(value) }").0.display == expected)
  }

  @Test func keywordProperties() throws {
    #expect(try span("span { text-align: right }").0.textAlign == .right)
    #expect(try span("span { text-align: end }").0.textAlign == .right)
    #expect(try span("span { text-align: JUSTIFY }").0.textAlign == .justify)
    #expect(try span("span { white-space: nowrap }").0.whiteSpace == .nowrap)
    #expect(try span("span { white-space: pre-line }").0.whiteSpace == .preLine)
    #expect(try span("span { white-space: break-spaces }").0.whiteSpace == .preWrap)
    #expect(try span("span { vertical-align: sub }").0.verticalAlign == .sub)
    #expect(try span("span { vertical-align: super }").0.verticalAlign == .super)
    #expect(try span("span { vertical-align: middle }").0.verticalAlign == .baseline)
    #expect(try span("span { vertical-align: -2px; vertical-align: 10% }") == span("span { }"))
    #expect(
      try span("span { vertical-align: 2 }").1 == [
        "declaration \"vertical-align: 2\" dropped: 2 needs a unit"
      ])
    #expect(try span("span { list-style-type: upper-roman }").0.listStyleType == .upperRoman)
    #expect(try span("span { list-style-type: lower-latin }").0.listStyleType == .lowerAlpha)
    #expect(try span("span { list-style: square inside }").0.listStyleType == .square)
    #expect(
      try span("span { list-style: none }").0.listStyleType == ComputedStyle.ListStyleType.none)
    #expect(try span("span { list-style: url(x.png) outside }").0.listStyleType == .disc)
    #expect(
      try span("span { text-align: middle; display: box; list-style: dotted }").1 == [
        "declaration \"text-align: middle\" dropped: \"middle\" is not a supported text-align",
        "declaration \"display: box\" dropped: \"box\" is not a supported display",
        "declaration \"list-style: dotted\" dropped: \"dotted\" is not a supported list-style",
      ])
  }

  @Test func boxShorthandsAndLonghands() throws {
    let edges = { (top: Double, right: Double, bottom: Double, left: Double) in
      ComputedStyle.Edges(top: top, right: right, bottom: bottom, left: left)
    }
    #expect(try span("span { margin: 4px }").0.margin == edges(4, 4, 4, 4))
    #expect(try span("span { margin: 4px 8px }").0.margin == edges(4, 8, 4, 8))
    #expect(try span("span { margin: 1px 2px 3px }").0.margin == edges(1, 2, 3, 2))
    #expect(try span("span { margin: 1px 2px 3px 4px }").0.margin == edges(1, 2, 3, 4))
    #expect(try span("span { margin: 0 auto; margin-left: -5px }").0.margin == edges(0, 0, 0, -5))
    #expect(try span("span { padding: 1em 2rem 10% 0 }").0.padding == edges(20, 20, 64, 0))
    #expect(
      try span(
        "span { padding-top: 3px; padding-right: 1em; padding-bottom: 2pt; padding-left: 1px }"
      ).0.padding == edges(3, 20, 8.0 / 3, 1))
    #expect(
      try span("span { margin-top: 1px; margin-right: 2px; margin-bottom: 3px; margin-left: 4px }")
        .0.margin == edges(1, 2, 3, 4))
    #expect(try span("span { font-size: 10px; margin: 2em }").0.margin == edges(20, 20, 20, 20))
    #expect(
      try span(
        "span { padding: -1px; margin: 1px 2px 3px 4px 5px; padding-left: auto; margin: red }"
      ).1 == [
        "declaration \"padding: -1px\" dropped: -1px must not be negative",
        "declaration \"margin: 1px 2px 3px 4px 5px\" dropped: margin takes 1 to 4 lengths, found 5",
        "declaration \"padding-left: auto\" dropped: \"auto\" is not a length",
        "declaration \"margin: red\" dropped: \"red\" is not a length",
      ])
  }

  @Test func absurdSizesAreDroppedOrClamped() throws {
    #expect(
      try span("span { font-size: 1e30px; margin: 1e9px }").1 == [
        "declaration \"font-size: 1e30px\" dropped: 1e+30px is out of range (limit ±1000000)",
        "declaration \"margin: 1e9px\" dropped: 1000000000px is out of range (limit ±1000000)",
      ])
    // Each level multiplies by 1000: the computed size stops at the documented maximum.
    var page = StylingTestDocument()
    var parent = page.body
    for _ in 0..<5 { parent = page.element("div", under: parent) }
    let size = try page.style(of: parent, css: "div { font-size: 1000em }").fontSize
    #expect(size == 10_000)
  }
}
