/// The parsed formula: what the LaTeX means, before either writer decides how it looks.
indirect enum MathNode: Sendable, Equatable {
  /// A variable or a name (`mi`); `upright` where TeX sets it roman (`\Gamma`, `\mathrm{d}`).
  case identifier(String, upright: Bool)
  /// A number (`mn`).
  case number(String)
  /// An operator, relation, delimiter or punctuation mark (`mo`).
  case symbol(String, MathClass)
  /// A sum, product or integral sign; `limits` puts its scripts above and below.
  case largeOperator(String, limits: Bool)
  /// A named function (`\sin`, `\lim`); `limits` for the ones whose scripts go below (`\lim`).
  case function(String, limits: Bool)
  /// Words inside a formula (`\text{if }`).
  case text(String)
  /// Horizontal space, its width a CSS length (`0.167em`).
  case space(String)
  /// Several nodes side by side (a group, or the whole of a formula).
  case row([MathNode])
  /// `\frac`, `\over`.
  case fraction(MathNode, MathNode)
  /// `\binom`, `\choose`: a fraction without a bar, in parentheses.
  case binomial(MathNode, MathNode)
  /// `\sqrt`, with `\sqrt[n]`'s index.
  case root(MathNode, index: MathNode?)
  /// Subscript and superscript; `limits` sets them under and over the base.
  case scripts(base: MathNode, sub: MathNode?, sup: MathNode?, limits: Bool)
  /// A mark over or under its base (`\hat`, `\overline`, `\underbrace`).
  case accent(MathNode, MathAccent)
  /// Something set over or under a base (`\overset`, `\xrightarrow`).
  case stack(MathNode, over: MathNode?, under: MathNode?)
  /// `\left( … \right)`: delimiters that grow with what they hold; empty for `\left.`.
  case fenced(open: String, body: MathNode, close: String)
  /// A delimiter of its own size: `\middle|` (nil, grows) or `\big(` (a CSS length).
  case sizedDelimiter(String, size: String?)
  /// Rows of cells: matrices, `cases`, aligned equations.
  case table([[MathNode]], MathEnvironment)
  /// Source that could not be converted, shown as it was written.
  case error(String)
}

/// TeX's classes of operator, which decide spacing in the linear form and stretching in MathML.
enum MathClass: Sendable, Equatable {
  /// An ordinary symbol (`∞` as an operator, `!`, `/`).
  case ordinary
  /// A binary operator (`+`, `×`), spaced on both sides unless it starts an operand.
  case binary
  /// A relation (`=`, `≤`, `→`), spaced on both sides.
  case relation
  /// Punctuation (`,`, `;`), spaced after.
  case punctuation
  /// An opening delimiter (`(`, `⟨`).
  case opening
  /// A closing delimiter (`)`, `⟩`).
  case closing
  /// A delimiter that both opens and closes (`|`, `‖`).
  case fence
}

/// How an accent command marks its base.
struct MathAccent: Sendable, Equatable {
  /// The mark in MathML (`^`, `¯`, `→`, `⏟`).
  var mark: String
  /// The combining character the linear form puts after the base; empty for none.
  var combining: String
  /// Over the base, else under it.
  var over: Bool = true
  /// Whether the mark stretches to the base's width (`\widehat`, `\overline`).
  var stretchy: Bool = false
  /// A brace, whose scripts go over or under it rather than beside.
  var takesLimits: Bool = false
}

/// An environment's delimiters and how its linear form separates cells and rows.
struct MathEnvironment: Sendable, Equatable {
  /// The delimiter before the table (`(` for `pmatrix`, `{` for `cases`), empty for none.
  var open: String = ""
  /// The delimiter after it.
  var close: String = ""
  /// Between cells in the linear form.
  var cellSeparator: String = " "
  /// Between rows in the linear form.
  var rowSeparator: String = "; "
  /// Whether `\begin{…}` is followed by a column specification (`array`'s `{cc}`).
  var takesColumnSpec: Bool = false

  /// Lines of an equation (`aligned`, or `\\` outside any environment): a line each.
  static let lines = MathEnvironment(cellSeparator: " ", rowSeparator: "\n")
}
