import RenderMath
import Testing

/// The MathML of specific constructs, read back as elements: which element each construct
/// becomes and what its children are, as MathML Core defines them.
@Suite struct MathMLStructureTests {
  /// The children of the `math` element of `latex`'s inline MathML.
  static func content(_ latex: String) throws -> [MathMLElement] {
    try MathMLElement.parse(MathExpression(latex: latex).mathML(display: false)).children
  }

  /// The one element `latex` converts to.
  static func single(_ latex: String) throws -> MathMLElement {
    let children = try content(latex)
    try #require(children.count == 1, "\(children.map(\.name))")
    return children[0]
  }

  @Test func fractionHasNumeratorAndDenominator() throws {
    let fraction = try Self.single(#"\frac{a}{b}"#)
    #expect(fraction.name == "mfrac")
    #expect(fraction.children.map(\.name) == ["mi", "mi"])
    #expect(fraction.children.map(\.text) == ["a", "b"])
  }

  @Test func fractionOfSumsWrapsEachPartInARow() throws {
    let fraction = try Self.single(#"\frac{a+b}{c-d}"#)
    #expect(fraction.children.map(\.name) == ["mrow", "mrow"])
    #expect(fraction.children[0].children.map(\.text) == ["a", "+", "b"])
    // TeX's hyphen is the minus sign in math.
    #expect(fraction.children[1].children.map(\.text) == ["c", "\u{2212}", "d"])
  }

  @Test func bareDigitsAreOneArgumentEach() throws {
    let fraction = try Self.single(#"\frac12"#)
    #expect(fraction.name == "mfrac")
    #expect(fraction.children.map(\.text) == ["1", "2"])
  }

  @Test func infixOverIsAFraction() throws {
    let fraction = try Self.single(#"{a \over b}"#)
    #expect(fraction.name == "mfrac")
    #expect(fraction.children.map(\.text) == ["a", "b"])
  }

  @Test func binomialIsAFractionWithoutBarInParentheses() throws {
    for latex in [#"\binom{n}{k}"#, #"{n \choose k}"#] {
      let row = try Self.single(latex)
      #expect(row.name == "mrow")
      #expect(row.children.map(\.name) == ["mo", "mfrac", "mo"])
      #expect(row.children[1].attributes["linethickness"] == "0")
      #expect(row.children[1].children.map(\.text) == ["n", "k"])
    }
  }

  @Test func squareRootAndIndexedRoot() throws {
    let root = try Self.single(#"\sqrt{x}"#)
    #expect(root.name == "msqrt")
    #expect(root.allText == "x")
    // mroot's children are the base, then the index.
    let cube = try Self.single(#"\sqrt[3]{x}"#)
    #expect(cube.name == "mroot")
    #expect(cube.children.map(\.name) == ["mi", "mn"])
    #expect(cube.children.map(\.text) == ["x", "3"])
  }

  @Test func scriptsBecomeTheScriptElements() throws {
    #expect(try Self.single("x^2").name == "msup")
    #expect(try Self.single("x_i").name == "msub")
    // Base, subscript, superscript, in that order whichever was written first.
    for latex in ["x_i^2", "x^2_i"] {
      let both = try Self.single(latex)
      #expect(both.name == "msubsup")
      #expect(both.children.map(\.text) == ["x", "i", "2"])
    }
    let grouped = try Self.single("e^{i\\pi}")
    #expect(grouped.name == "msup")
    #expect(grouped.children[1].name == "mrow")
    #expect(grouped.children[1].children.map(\.text) == ["i", "π"])
  }

  @Test func primeIsASuperscript() throws {
    let prime = try Self.content("f'(x)")[0]
    #expect(prime.name == "msup")
    #expect(prime.children.map(\.text) == ["f", "′"])
  }

  @Test func sumTakesLimitsUnderAndOver() throws {
    let sum = try Self.content(#"\sum_{i=1}^{n} i"#)[0]
    #expect(sum.name == "munderover")
    #expect(sum.children[0].name == "mo")
    #expect(sum.children[0].text == "∑")
    #expect(sum.children[1].allText == "i=1")
    #expect(sum.children[2].text == "n")
  }

  @Test func integralTakesScriptsBeside() throws {
    let integral = try Self.content(#"\int_0^1 x\,dx"#)[0]
    #expect(integral.name == "msubsup")
    #expect(integral.children[0].text == "∫")
    // `\limits` puts them under and over after all.
    #expect(try Self.content(#"\int\limits_0^1 x"#)[0].name == "munderover")
    #expect(try Self.content(#"\sum\nolimits_i x"#)[0].name == "msub")
  }

  @Test func limitIsAnOperatorWithMovableLimits() throws {
    let limit = try Self.content(#"\lim_{x \to 0} f(x)"#)[0]
    #expect(limit.name == "munder")
    #expect(limit.children[0].name == "mo")
    #expect(limit.children[0].text == "lim")
    #expect(limit.children[0].attributes["movablelimits"] == "true")
  }

  @Test func functionNamesAreUprightAndApplied() throws {
    let children = try Self.content(#"\sin x"#)
    #expect(children.map(\.name) == ["mi", "mo", "mi"])
    #expect(children[0].text == "sin")
    #expect(children[1].text == "\u{2061}")  // function application, for screen readers
    let named = try Self.content(#"\operatorname{tr}(A)"#)
    #expect(named[0].name == "mi")
    #expect(named[0].text == "tr")
  }

  @Test func leftRightDelimitersStretch() throws {
    let fenced = try Self.single(#"\left( \frac{a}{b} \right)"#)
    #expect(fenced.name == "mrow")
    #expect(fenced.children.map(\.name) == ["mo", "mfrac", "mo"])
    #expect(fenced.children[0].text == "(")
    #expect(fenced.children[0].attributes["stretchy"] == "true")
    #expect(fenced.children[2].text == ")")
    // `\right.` is no delimiter at all.
    let open = try Self.single(#"\left\{ x \right."#)
    #expect(open.children.map(\.text) == ["{", "x"])
  }

  @Test func delimiterCommandsAfterLeftAndRight() throws {
    let fenced = try Self.single(#"\left\langle x \right\backslash"#)
    #expect(fenced.children.map(\.text) == ["⟨", "x", "\\"])
    let arrows = try Self.single(#"\left\uparrow x \right/"#)
    #expect(arrows.children.map(\.text) == ["↑", "x", "/"])
    // A letter is no delimiter: the formula's structure is broken.
    #expect(MathExpression(latex: #"\left\alpha x \right)"#).unconverted.count == 1)
  }

  @Test func plainParenthesesDoNotStretch() throws {
    let children = try Self.content(#"(\frac{a}{b})"#)
    #expect(children.map(\.name) == ["mo", "mfrac", "mo"])
    #expect(children[0].attributes["stretchy"] == "false")
  }

  @Test func matrixIsATableInDelimiters() throws {
    let matrix = try Self.single(#"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"#)
    #expect(matrix.name == "mrow")
    #expect(matrix.children.map(\.name) == ["mo", "mtable", "mo"])
    #expect(matrix.children.map(\.text) == ["(", "", ")"])
    let rows = matrix.children[1].children
    #expect(rows.map(\.name) == ["mtr", "mtr"])
    #expect(rows.map { $0.children.map(\.name) } == [["mtd", "mtd"], ["mtd", "mtd"]])
    #expect(rows.map { $0.children.map(\.allText) } == [["1", "2"], ["3", "4"]])
    // A trailing `\\` adds no empty row.
    let trailing = try Self.single(#"\begin{bmatrix} a \\ b \\ \end{bmatrix}"#)
    #expect(trailing.all("mtr").count == 2)
  }

  @Test func casesIsABraceAndATable() throws {
    let cases = try Self.single(#"\begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}"#)
    #expect(cases.children.map(\.name) == ["mo", "mtable"])
    #expect(cases.children[0].text == "{")
    #expect(cases.all("mtr").count == 2)
    #expect(cases.all("mtext").map(\.text) == ["otherwise"])
  }

  @Test func textKeepsItsSpaces() throws {
    let text = try Self.content(#"x \text{ if } y"#)[1]
    #expect(text.name == "mtext")
    // HTML would collapse the spaces at the element's edges: they are no-break spaces.
    #expect(text.text == "\u{A0}if\u{A0}")
  }

  @Test func accentIsAnOverscriptMarkedAsAccent() throws {
    let hat = try Self.single(#"\hat{x}"#)
    #expect(hat.name == "mover")
    #expect(hat.attributes["accent"] == "true")
    #expect(hat.children.map(\.name) == ["mi", "mo"])
    let brace = try Self.single(#"\underbrace{a+b}_{n}"#)
    #expect(brace.name == "munder")
    #expect(brace.children[0].name == "munder")
    #expect(brace.children[1].text == "n")
  }

  @Test func spacingCommandsAreSpaces() throws {
    let spaces = try Self.content(#"a\,b\quad c"#).filter { $0.name == "mspace" }
    #expect(spaces.map { $0.attributes["width"] } == ["0.167em", "1em"])
  }

  @Test func lettersAndSymbolsFromTheTable() throws {
    #expect(try Self.single(#"\alpha"#).text == "α")
    // Capital Greek is upright in TeX; a one-letter mi would be italic.
    #expect(try Self.single(#"\Gamma"#).attributes["mathvariant"] == "normal")
    #expect(try Self.single(#"\mathbb{R}"#).text == "ℝ")
    #expect(try Self.single(#"\mathbf{x}"#).text == "𝐱")
    #expect(try Self.single(#"\mathcal{L}"#).text == "ℒ")
    #expect(try Self.content(#"a \leq b"#).map(\.text) == ["a", "≤", "b"])
    #expect(try Self.content(#"a \not= b"#).map(\.text) == ["a", "≠", "b"])
    #expect(try Self.single(#"\mathrm{Var}"#).text == "Var")
    #expect(try Self.single("3.14").name == "mn")
    #expect(try Self.single("3.14").text == "3.14")
  }

  @Test func displayMathIsABlock() throws {
    let expression = MathExpression(latex: "x")
    #expect(
      try MathMLElement.parse(expression.mathML(display: true)).attributes["display"] == "block")
    #expect(try MathMLElement.parse(expression.mathML(display: false)).attributes["display"] == nil)
  }

  @Test func markupCharactersAreEscaped() throws {
    let children = try Self.content(#"a < b \text{<script>&}"#)
    #expect(children.map(\.text) == ["a", "<", "b", "<script>&"])
    let markup = MathExpression(latex: #"\text{<script>}"#).mathML(display: false)
    #expect(!markup.contains("<script>"))
  }

  @Test func unknownCommandIsAnErrorHoldingItsSource() throws {
    let expression = MathExpression(latex: #"a + \unknowncommand + b"#)
    #expect(expression.unconverted == [#"\unknowncommand"#])
    let children = try MathMLElement.parse(expression.mathML(display: false)).children
    #expect(children.map(\.name) == ["mi", "mo", "merror", "mo", "mi"])
    #expect(children[2].children.map(\.name) == ["mtext"])
    #expect(children[2].allText == #"\unknowncommand"#)
  }

  @Test func unknownEnvironmentIsAnErrorHoldingItsSource() throws {
    let latex = #"\begin{tikzpicture} a \end{tikzpicture}"#
    let expression = MathExpression(latex: latex)
    #expect(expression.unconverted == [latex])
  }

  @Test func brokenStructureMakesTheWholeFormulaAnError() throws {
    for latex in [
      #"\frac{a}{b"#, "a}", #"\left( x"#, "x^2^3", #"\begin{pmatrix} a"#, #"\sqrt"#,
      #"\begin{pmatrix} a \end{bmatrix}"#, #"x \right)"#,
    ] {
      let expression = MathExpression(latex: latex)
      #expect(expression.unconverted == [latex], "\(latex)")
      let error = try Self.single(latex)
      #expect(error.name == "merror")
      #expect(error.allText == latex)
    }
  }
}
