import RenderMath
import Testing

/// The linear Unicode form, for the outputs that have no MathML: the issue's examples and
/// constructs whose reading was worked out by hand.
@Suite struct LinearTextTests {
  static func linear(_ latex: String) -> String {
    MathExpression(latex: latex).linearText
  }

  @Test func issueExamples() {
    #expect(Self.linear(#"e^{i\pi}"#) == "e^(iπ)")
    #expect(Self.linear(#"\frac{1}{3}"#) == "1/3")
    #expect(Self.linear("x^2") == "x²")
  }

  @Test func scriptsUseUnicodeWhereItHasTheCharacters() {
    #expect(Self.linear("x_1") == "x₁")
    #expect(Self.linear("x^{-1}") == "x⁻¹")
    #expect(Self.linear("10^{23}") == "10²³")
    #expect(Self.linear("x_i") == "x_i")
    #expect(Self.linear("x^{n+1}") == "x^(n+1)")
    #expect(Self.linear("a_{ij}") == "a_(ij)")
    #expect(Self.linear("f'(x)") == "f′(x)")
    #expect(Self.linear(#"90^\circ"#) == "90°")
  }

  @Test func fractionsParenthesiseOperands() {
    #expect(Self.linear(#"\frac{a+b}{2}"#) == "(a+b)/2")
    #expect(Self.linear(#"\frac{dy}{dx}"#) == "dy/dx")
    #expect(Self.linear(#"\frac{1}{n+1}"#) == "1/(n+1)")
    #expect(Self.linear(#"\frac{\frac{a}{b}}{c}"#) == "(a/b)/c")
  }

  @Test func rootsAndGreek() {
    #expect(Self.linear(#"\sqrt{2}"#) == "√2")
    #expect(Self.linear(#"\sqrt{x+1}"#) == "√(x+1)")
    #expect(Self.linear(#"\sqrt[3]{x}"#) == "∛x")
    #expect(Self.linear(#"\alpha + \beta = \gamma"#) == "α + β = γ")
  }

  @Test func operatorsAreSpacedAtTheTopLevel() {
    #expect(Self.linear("a+b=c") == "a + b = c")
    #expect(Self.linear("-x") == "−x")
    #expect(Self.linear(#"a \le -1"#) == "a ≤ −1")
    #expect(Self.linear(#"\sin x + \cos y"#) == "sin x + cos y")
    #expect(Self.linear(#"\sin(x)"#) == "sin(x)")
  }

  @Test func largeOperatorsAndLimits() {
    #expect(Self.linear(#"\sum_{i=1}^{n} i"#) == "∑_(i=1)^n i")
    #expect(Self.linear(#"\int_0^1 f(x)\,dx"#) == "∫₀¹ f(x) dx")
    #expect(Self.linear(#"\lim_{x \to 0} f(x)"#) == "lim_(x→0) f(x)")
  }

  @Test func delimitersMatricesAndCases() {
    #expect(Self.linear(#"\left( \frac{1}{2} \right)"#) == "(1/2)")
    #expect(Self.linear(#"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#) == "(a b; c d)")
    #expect(
      Self.linear(#"\begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}"#)
        == "{1, x > 0; 0, otherwise")
    #expect(Self.linear(#"\begin{aligned} a &= b \\ c &= d \end{aligned}"#) == "a = b\nc = d")
  }

  @Test func lettersInOtherStyles() {
    #expect(Self.linear(#"x \in \mathbb{R}"#) == "x ∈ ℝ")
    #expect(Self.linear(#"\hat{x}"#) == "x\u{302}")
    #expect(Self.linear(#"\text{if } x"#) == "if x")
  }

  @Test func unconvertedSourceIsShownAsWritten() {
    #expect(Self.linear(#"a + \foo"#) == #"a + \foo"#)
    #expect(Self.linear(#"\frac{a}{b"#) == #"\frac{a}{b"#)
  }
}
