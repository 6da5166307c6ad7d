import RenderCore

/// A LaTeX formula, converted for every output: MathML Core for HTML, linear Unicode for
/// styled text, the terminal and plain text.
///
/// ```swift
/// let formula = MathExpression(latex: #"e^{i\pi} + 1 = 0"#)
/// formula.mathML(display: false)  // <math><msup><mi>e</mi>…</msup>…</math>
/// formula.linearText              // e^(iπ) + 1 = 0
/// ```
///
/// Conversion never fails: what the converter does not know (an unknown command or
/// environment) is shown as written, in `merror`, and a formula whose structure is broken
/// (an unbalanced brace, `\left` without `\right`) or beyond `MathLimits` is shown whole that
/// way. `unconverted` lists those parts.
public struct MathExpression: Sendable, Hashable {
  /// The LaTeX source, as written between the delimiters.
  public let latex: String
  let root: MathNode

  /// Parses `latex` (the text between the delimiters, without them).
  public init(latex: String) {
    self.latex = latex
    root = LaTeXParser.parse(latex)
  }

  /// The formula as a MathML `math` element; `display` sets it as a block
  /// (`display="block"`), for `$$…$$` and math fences.
  public func mathML(display: Bool) -> String {
    MathMLWriter.math(root, display: display)
  }

  /// Appends the formula to `parent` in `document` as a MathML `math` element (display math
  /// as a block), its ``linearText`` as the element's `alttext`, which outputs without MathML
  /// (styled text, the terminal, plain text) show instead. Returns the element.
  @discardableResult
  public func append(
    to parent: Document.NodeID, in document: inout Document, display: Bool
  ) -> Document.NodeID {
    MathMLWriter.append(
      root, display: display, alternativeText: linearText, to: parent, in: &document)
  }

  /// The formula as one line of readable Unicode (`x^2` → `x²`, `\frac{1}{3}` → `1/3`);
  /// lines of an aligned equation are separated by newlines.
  public var linearText: String {
    LinearTextWriter.text(root)
  }

  /// The source of every part shown as an error, in order; empty when all of it converted.
  public var unconverted: [String] {
    var found: [String] = []
    Self.collectErrors(root, into: &found)
    return found
  }

  private static func collectErrors(_ node: MathNode, into found: inout [String]) {
    switch node {
    case .error(let source): found.append(source)
    case .row(let items): for item in items { collectErrors(item, into: &found) }
    case .fraction(let first, let second), .binomial(let first, let second):
      collectErrors(first, into: &found)
      collectErrors(second, into: &found)
    case .root(let base, let index):
      collectErrors(base, into: &found)
      if let index { collectErrors(index, into: &found) }
    case .scripts(let base, let sub, let sup, _), .stack(let base, let sup, let sub):
      collectErrors(base, into: &found)
      if let sub { collectErrors(sub, into: &found) }
      if let sup { collectErrors(sup, into: &found) }
    case .accent(let base, _), .fenced(_, let base, _):
      collectErrors(base, into: &found)
    case .table(let rows, _):
      for cell in rows.joined() { collectErrors(cell, into: &found) }
    case .identifier, .number, .symbol, .largeOperator, .function, .text, .space,
      .sizedDelimiter:
      break
    }
  }

  /// Equal when the source is.
  public static func == (lhs: MathExpression, rhs: MathExpression) -> Bool {
    lhs.latex == rhs.latex
  }

  /// Hashes the source.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(latex)
  }
}
