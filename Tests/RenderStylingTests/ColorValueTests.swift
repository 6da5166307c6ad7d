import RenderCore
import RenderStyling
import Testing

@Suite("Colour values")
struct ColorValueTests {
  private func color(_ value: String) throws -> (CSSColor?, [StylesheetDiagnostic]) {
    var page = StylingTestDocument()
    let node = page.element("p", text: "x")
    let sheet = try Stylesheet(css: "p { color: \(value) }")
    return (try sheet.cascade(page.document, colorScheme: .light)[node].color, sheet.diagnostics)
  }

  static let validCases: [(String, String, Double)] = [
    ("red", "#ff0000", 1.0), ("ReBeccaPurple", "#663399", 1),
    ("lightgoldenrodyellow", "#fafad2", 1),
    ("grey", "#808080", 1), ("#abc", "#aabbcc", 1), ("#ABCD", "#aabbcc", 0xDD / 255.0),
    ("#0a0B0c", "#0a0b0c", 1), ("#11223380", "#112233", 128 / 255.0),
    ("rgb(255, 0, 10)", "#ff000a", 1), ("rgba(0,0,255,0.5)", "#0000ff", 0.5),
    ("rgb(0 128 255)", "#0080ff", 1), ("rgb(0 128 255 / 25%)", "#0080ff", 0.25),
    ("rgb(100%, 50%, 0%)", "#ff8000", 1), ("rgb(300, -5, 0)", "#ff0000", 1),
    ("rgba(1, 2, 3, 2)", "#010203", 1), ("hsl(0, 100%, 50%)", "#ff0000", 1),
    ("hsl(120deg 100% 25%)", "#008000", 1), ("hsla(240, 100%, 50%, .5)", "#0000ff", 0.5),
    ("hsl(0.5turn 100% 50% / 0.2)", "#00ffff", 0.2), ("hsl(-120, 100%, 50%)", "#0000ff", 1),
    ("hsl(0, 0%, 100%)", "#ffffff", 1), ("transparent", "#000000", 0),
  ]

  @Test(arguments: validCases)
  func validColors(value: String, hex: String, alpha: Double) throws {
    let (color, diagnostics) = try color(value)
    #expect(diagnostics.isEmpty)
    #expect(color?.hex == hex)
    #expect(abs((color?.alpha ?? -1) - alpha) < 0.001)
  }

  @Test func allOneHundredFortyEightNamedColoursParse() throws {
    let names = """
      aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
      brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan
      darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta
      darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue
      darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey
      dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
      green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
      lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray
      lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
      lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon
      mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
      mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
      navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
      paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
      rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna
      silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle
      tomato turquoise violet wheat white whitesmoke yellow yellowgreen
      """.split(whereSeparator: \.isWhitespace)
    #expect(names.count == 148)
    let css = names.map { "p { color: \($0) }" }.joined(separator: "\n")
    #expect(try Stylesheet(css: css, strict: true).diagnostics.isEmpty)
  }

  @Test func currentColorUsesTheColor() throws {
    var page = StylingTestDocument()
    let div = page.element("div")
    let span = page.element("span", text: "x", under: div)
    let css = "div { color: teal } span { color: currentColor; background-color: currentcolor }"
    let style = try page.style(of: span, css: css)
    #expect(style.color?.hex == "#008080")
    #expect(style.backgroundColor?.hex == "#008080")
  }

  @Test(arguments: [
    ("nope", "\"nope\" is not a colour"), ("#12", "\"#12\" is not a colour"),
    ("#12345", "\"#12345\" is not a colour"), ("#ggg", "\"#ggg\" is not a colour"),
    ("rgb(1, 2)", "\"rgb(1, 2)\" is not a colour"),
    ("rgb(1 2, 3)", "\"rgb(1 2, 3)\" is not a colour"),
    ("hsl(1px, 2%, 3%)", "\"hsl(1px, 2%, 3%)\" is not a colour"),
    ("red blue", "expected one value, found 2"),
    ("rgb(1, 2, 3", "rgb( is not closed with \")\""), ("env(x)", "env() is not supported"),
    ("calc(1)", "calc() is not supported"), ("12", "\"12\" is not a colour"),
  ])
  func invalidColorsAreDropped(value: String, reason: String) throws {
    let (color, diagnostics) = try color(value)
    #expect(color == nil)
    #expect(diagnostics.map(\.message) == ["declaration \"color: \(value)\" dropped: \(reason)"])
  }

  @Test func backgroundShorthandTakesTheColour() throws {
    var page = StylingTestDocument()
    let node = page.element("p", text: "x")
    #expect(
      try page.style(of: node, css: "p { background: url(a.png) no-repeat center / cover #fafafa }")
        .backgroundColor?.hex == "#fafafa")
    #expect(
      try page.style(of: node, css: "p { background: red; background: none }").backgroundColor
        == nil)
    let sheet = try Stylesheet(css: "p { background: red blue } p { background: bogus }")
    #expect(
      sheet.diagnostics.map(\.message) == [
        "declaration \"background: red blue\" dropped: two colours in one background",
        "declaration \"background: bogus\" dropped: \"bogus\" is not a colour or a background keyword",
      ])
  }
}
