import RenderMath
import Testing

/// Input built to exhaust the stack or the time: each is turned away whole, as an error
/// showing its source, in time linear in its length.
@Suite struct HostileMathTests {
  static func expectRejected(_ latex: String) {
    let expression = MathExpression(latex: latex)
    #expect(expression.unconverted == [latex])
    let markup = expression.mathML(display: true)
    #expect(markup.hasPrefix("<math display=\"block\"><merror>"))
    #expect(expression.linearText == latex)
  }

  @Test func hundredThousandFracs() {
    Self.expectRejected(String(repeating: #"\frac"#, count: 100_000))
  }

  @Test func deepBraces() {
    Self.expectRejected(
      String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000))
    Self.expectRejected(
      String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000))
  }

  @Test func nestingJustPastTheDepthLimit() {
    // Short enough for the length limit: the depth limit turns these away.
    Self.expectRejected(
      String(repeating: #"\sqrt{"#, count: 200) + "x" + String(repeating: "}", count: 200))
    Self.expectRejected(String(repeating: #"a \over "#, count: 1_000) + "b")
    Self.expectRejected(
      String(repeating: #"\left("#, count: 1_000) + String(repeating: #"\right)"#, count: 1_000))
    Self.expectRejected(String(repeating: #"\not"#, count: 1_000) + "=")
  }

  @Test func rowBreaksWithUnclosedSpacing() throws {
    // `\\[2pt]` is a row break with spacing; without `]` the `[` is text. Searched for once.
    let latex = String(repeating: #"a\\["#, count: 10_000)
    let expression = MathExpression(latex: latex)
    #expect(expression.unconverted.isEmpty)
    #expect(try MathMLElement.parse(expression.mathML(display: true)).all("mtr").count == 10_001)
  }

  @Test func unbalancedBraces() {
    Self.expectRejected(String(repeating: "}", count: 50_000))
    Self.expectRejected(String(repeating: "{", count: 50_000))
  }

  @Test func nestingAsDeepAsRealFormulasConverts() throws {
    let nested =
      String(repeating: #"\frac{1}{1+"#, count: 12) + "x" + String(repeating: "}", count: 12)
    let expression = MathExpression(latex: nested)
    #expect(expression.unconverted.isEmpty)
    #expect(try MathMLElement.parse(expression.mathML(display: true)).all("mfrac").count == 12)
  }

  @Test func manyFlatFractionsConvert() throws {
    // Long, but flat: within the limits, so all of it converts.
    let latex = Array(repeating: #"\frac{a}{b}"#, count: 5_000).joined(separator: "+")
    let expression = MathExpression(latex: latex)
    #expect(expression.unconverted.isEmpty)
    #expect(try MathMLElement.parse(expression.mathML(display: false)).all("mfrac").count == 5_000)
  }

  @Test func manyUnknownCommandsEachStayVisible() {
    let latex = String(repeating: #"\nosuch "#, count: 5_000)
    #expect(MathExpression(latex: latex).unconverted.count == 5_000)
  }

  @Test func trailingBackslashAndStrayDelimiters() {
    for latex in [
      "\\", "x\\", "^", "_", "&", #"\\"#, "''", #"\left"#, #"\right"#, #"\begin"#, #"\end{x}"#, "$",
      "%",
    ] {
      let expression = MathExpression(latex: latex)
      // Whatever it makes, it makes well-formed MathML.
      #expect(throws: Never.self) { try MathMLElement.parse(expression.mathML(display: false)) }
    }
  }
}
