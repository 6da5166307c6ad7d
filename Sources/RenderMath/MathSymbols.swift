/// What a LaTeX command is, for the parser: a symbol to place, or a construct that reads
/// arguments. The parser switches over these kinds, never over command names.
enum MathCommand: Sendable {
  /// A letter or named constant (`\alpha` → α, `\Gamma` → upright Γ).
  case identifier(String, upright: Bool = false)
  /// An operator, relation, delimiter or punctuation mark.
  case symbol(String, MathClass)
  /// A sum, product or integral sign.
  case largeOperator(String, limits: Bool)
  /// A named function (`\sin`), with its scripts below for `\lim` and kin.
  case function(String, limits: Bool = false)
  /// A fixed horizontal space (CSS length).
  case space(String)
  /// `\hspace{…}`: a space of the width given.
  case measuredSpace
  /// A mark over or under one argument.
  case accent(MathAccent)
  /// A font for one argument (`\mathbb{R}`).
  case font(MathVariant)
  /// A font for the rest of the group (`\rm`, `\bf`).
  case fontSwitch(MathVariant)
  /// Text, not math, for one argument (`\text{…}`).
  case text
  /// `\frac{…}{…}` and its sizes.
  case fraction
  /// `\binom{…}{…}`.
  case binomial
  /// `\over` / `\choose`: what precedes in the group over what follows.
  case infixFraction(binomial: Bool)
  /// `\sqrt[…]{…}`.
  case root
  /// `\left`, `\middle`, `\right`.
  case left, middle, right
  /// `\big(` and kin: a delimiter of a fixed height (CSS length).
  case sizedDelimiter(String)
  /// `\begin{…}`, `\end{…}`.
  case begin, end
  /// `\operatorname{…}` (`*` for scripts below).
  case operatorName
  /// `\limits` / `\nolimits` after a large operator.
  case limits(Bool)
  /// `\overset{…}{…}` (over) or `\underset{…}{…}` (under): first argument on the second.
  case stack(over: Bool)
  /// `\xrightarrow[…]{…}`: an arrow with labels.
  case labeledArrow(String)
  /// `\not`: the next symbol struck through.
  case negation
  /// `\pmod{…}`: `(mod …)`.
  case parenthesizedModulo
  /// Commands that change nothing the output shows (`\displaystyle`, `\nonumber`).
  case ignored
  /// Commands whose one argument changes nothing shown (`\label{…}`, `\color{…}`).
  case ignoredArgument
  /// Commands shown as their last argument (`\boxed{x}`, `\textcolor{red}{x}`), with the
  /// number of arguments dropped before it.
  case lastArgument(dropping: Int)
  /// `\\`: a new row.
  case rowBreak
}

/// The table: every command and character the converter knows, and what it is.
enum MathSymbols {
  /// Commands by name, without the backslash.
  static let commands: [String: MathCommand] = {
    var table: [String: MathCommand] = [:]
    for (name, letter) in greekLowercase { table[name] = .identifier(letter) }
    for (name, letter) in greekUppercase { table[name] = .identifier(letter, upright: true) }
    for (name, symbol) in identifiers { table[name] = .identifier(symbol) }
    for (name, symbol) in ordinary { table[name] = .symbol(symbol, .ordinary) }
    for (name, symbol) in binary { table[name] = .symbol(symbol, .binary) }
    for (name, symbol) in relations { table[name] = .symbol(symbol, .relation) }
    for (name, symbol) in openings { table[name] = .symbol(symbol, .opening) }
    for (name, symbol) in closings { table[name] = .symbol(symbol, .closing) }
    for (name, symbol) in fences { table[name] = .symbol(symbol, .fence) }
    for (name, symbol) in punctuation { table[name] = .symbol(symbol, .punctuation) }
    for name in functions { table[name] = .function(name) }
    for name in limitFunctions { table[name] = .function(name, limits: true) }
    for (name, kind) in constructs { table[name] = kind }
    return table
  }()

  /// Characters typed directly in a formula that are not letters or digits.
  static let characters: [Unicode.Scalar: MathCommand] = [
    "+": .symbol("+", .binary), "-": .symbol("−", .binary), "*": .symbol("∗", .binary),
    "=": .symbol("=", .relation), "<": .symbol("<", .relation), ">": .symbol(">", .relation),
    ":": .symbol(":", .relation), ",": .symbol(",", .punctuation),
    ";": .symbol(";", .punctuation), "(": .symbol("(", .opening), "[": .symbol("[", .opening),
    ")": .symbol(")", .closing), "]": .symbol("]", .closing), "|": .symbol("|", .fence),
    "/": .symbol("/", .ordinary), "!": .symbol("!", .ordinary), "?": .symbol("?", .ordinary),
    ".": .symbol(".", .ordinary), "@": .symbol("@", .ordinary), "\"": .symbol("\"", .ordinary),
    "~": .space("0.25em"), "±": .symbol("±", .binary), "×": .symbol("×", .binary),
    "÷": .symbol("÷", .binary), "·": .symbol("⋅", .binary), "−": .symbol("−", .binary),
    "≤": .symbol("≤", .relation), "≥": .symbol("≥", .relation), "≠": .symbol("≠", .relation),
    "→": .symbol("→", .relation), "∞": .identifier("∞"),
  ]

  /// Environments by name: their delimiters and linear separators.
  static let environments: [String: MathEnvironment] = {
    var table: [String: MathEnvironment] = [
      "matrix": MathEnvironment(), "smallmatrix": MathEnvironment(),
      "pmatrix": MathEnvironment(open: "(", close: ")"),
      "bmatrix": MathEnvironment(open: "[", close: "]"),
      "Bmatrix": MathEnvironment(open: "{", close: "}"),
      "vmatrix": MathEnvironment(open: "|", close: "|"),
      "Vmatrix": MathEnvironment(open: "‖", close: "‖"),
      "cases": MathEnvironment(open: "{", cellSeparator: ", "),
      "dcases": MathEnvironment(open: "{", cellSeparator: ", "),
      "rcases": MathEnvironment(close: "}", cellSeparator: ", "),
      "array": MathEnvironment(takesColumnSpec: true),
      "subarray": MathEnvironment(takesColumnSpec: true),
      "alignat": MathEnvironment(cellSeparator: " ", rowSeparator: "\n", takesColumnSpec: true),
      "alignat*": MathEnvironment(cellSeparator: " ", rowSeparator: "\n", takesColumnSpec: true),
    ]
    for name in [
      "aligned", "align", "align*", "gathered", "gather", "gather*", "split", "multline",
      "multline*", "equation", "equation*", "eqnarray", "eqnarray*", "displaymath", "flalign",
      "flalign*",
    ] {
      table[name] = .lines
    }
    return table
  }()

  static let greekLowercase: [String: String] = [
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
    "varkappa": "ϰ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π",
    "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
    "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "digamma": "ϝ",
  ]

  static let greekUppercase: [String: String] = [
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "varGamma": "Γ",
    "varDelta": "Δ", "varTheta": "Θ", "varLambda": "Λ", "varXi": "Ξ", "varPi": "Π",
    "varSigma": "Σ", "varUpsilon": "Υ", "varPhi": "Φ", "varPsi": "Ψ", "varOmega": "Ω",
  ]

  static let identifiers: [String: String] = [
    "infty": "∞", "ell": "ℓ", "hbar": "ℏ", "hslash": "ℏ", "partial": "∂", "nabla": "∇",
    "emptyset": "∅", "varnothing": "∅", "aleph": "ℵ", "beth": "ℶ", "Re": "ℜ", "Im": "ℑ",
    "wp": "℘", "imath": "ı", "jmath": "ȷ", "top": "⊤", "bot": "⊥", "angle": "∠",
    "measuredangle": "∡", "triangle": "△", "Box": "□", "square": "□", "blacksquare": "■",
    "checkmark": "✓", "degree": "°", "mho": "℧", "eth": "ð", "Finv": "Ⅎ", "complement": "∁",
    "diagup": "╱", "diagdown": "╲", "infin": "∞",
  ]

  static let ordinary: [String: String] = [
    "forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬", "lnot": "¬", "prime": "′",
    "ldots": "…", "dots": "…", "dotsc": "…", "dotso": "…", "cdots": "⋯", "dotsb": "⋯",
    "dotsm": "⋯", "dotsi": "⋯", "vdots": "⋮", "ddots": "⋱", "dagger": "†", "ddagger": "‡",
    "%": "%", "$": "$", "#": "#", "&": "&", "_": "_", "backslash": "\\", "sharp": "♯",
    "flat": "♭", "natural": "♮", "clubsuit": "♣", "diamondsuit": "♢", "heartsuit": "♡",
    "spadesuit": "♠", "S": "§", "P": "¶", "surd": "√", "vdotswithin": "⋮",
    "lozenge": "◊", "bigstar": "★", "copyright": "©", "dag": "†", "ddag": "‡",
  ]

  static let binary: [String: String] = [
    "pm": "±", "mp": "∓", "times": "×", "div": "÷", "cdot": "⋅", "ast": "∗", "star": "⋆",
    "circ": "∘", "bullet": "∙", "oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "odot": "⊙",
    "oslash": "⊘", "cup": "∪", "cap": "∩", "sqcup": "⊔", "sqcap": "⊓", "vee": "∨", "lor": "∨",
    "wedge": "∧", "land": "∧", "setminus": "∖", "smallsetminus": "∖", "uplus": "⊎",
    "amalg": "⨿", "wr": "≀", "diamond": "⋄", "bigtriangleup": "△", "bigtriangledown": "▽",
    "triangleleft": "◁", "triangleright": "▷", "ltimes": "⋉", "rtimes": "⋊", "bmod": "mod",
    "mod": "mod", "boxplus": "⊞", "boxtimes": "⊠", "boxminus": "⊟", "boxdot": "⊡",
    "divideontimes": "⋇", "dotplus": "∔", "centerdot": "⋅", "intercal": "⊺", "cdotp": "⋅",
    "barwedge": "⊼", "veebar": "⊻", "circledast": "⊛", "circledcirc": "⊚",
  ]

  static let relations: [String: String] = [
    "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "approx": "≈",
    "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "in": "∈",
    "notin": "∉", "ni": "∋", "subset": "⊂", "supset": "⊃", "subseteq": "⊆", "supseteq": "⊇",
    "subsetneq": "⊊", "supsetneq": "⊋", "nsubseteq": "⊈", "to": "→", "rightarrow": "→",
    "leftarrow": "←", "gets": "←", "leftrightarrow": "↔", "Rightarrow": "⇒",
    "Leftarrow": "⇐", "Leftrightarrow": "⇔", "implies": "⟹", "impliedby": "⟸", "iff": "⟺",
    "mapsto": "↦", "longrightarrow": "⟶", "longleftarrow": "⟵", "longleftrightarrow": "⟷",
    "Longrightarrow": "⟹", "Longleftarrow": "⟸", "Longleftrightarrow": "⟺",
    "longmapsto": "⟼", "uparrow": "↑", "downarrow": "↓", "updownarrow": "↕",
    "Uparrow": "⇑", "Downarrow": "⇓", "nearrow": "↗", "searrow": "↘", "nwarrow": "↖",
    "swarrow": "↙", "hookrightarrow": "↪", "hookleftarrow": "↩", "rightharpoonup": "⇀",
    "leftharpoondown": "↽", "rightleftharpoons": "⇌", "leftrightarrows": "⇆",
    "rightrightarrows": "⇉", "twoheadrightarrow": "↠", "rightsquigarrow": "⇝",
    "leadsto": "⇝", "ll": "≪", "gg": "≫", "lll": "⋘", "ggg": "⋙", "lesssim": "≲",
    "gtrsim": "≳", "leqslant": "⩽", "geqslant": "⩾", "leqq": "≦", "geqq": "≧", "prec": "≺",
    "succ": "≻", "preceq": "⪯", "succeq": "⪰", "mid": "∣", "nmid": "∤", "parallel": "∥",
    "nparallel": "∦", "perp": "⊥", "vdash": "⊢", "dashv": "⊣", "models": "⊨", "vDash": "⊨",
    "asymp": "≍", "doteq": "≐", "coloneqq": "≔", "eqqcolon": "≕", "triangleq": "≜",
    "sqsubseteq": "⊑", "sqsupseteq": "⊒", "sqsubset": "⊏", "sqsupset": "⊐", "ncong": "≇",
    "nsim": "≁", "nleq": "≰", "ngeq": "≱", "nless": "≮", "ngtr": "≯", "approxeq": "≊",
    "therefore": "∴", "because": "∵", "bowtie": "⋈", "smile": "⌣", "frown": "⌢",
    "lhd": "⊲", "rhd": "⊳", "unlhd": "⊴", "unrhd": "⊵", "Vdash": "⊩", "vartriangleleft": "⊲",
    "vartriangleright": "⊳", "circeq": "≗", "eqsim": "≂", "backsim": "∽", "thicksim": "∼",
    "thickapprox": "≈", "lessgtr": "≶", "gtrless": "≷", "pitchfork": "⋔", "owns": "∋",
    "notni": "∌", "lneq": "⪇", "gneq": "⪈", "nprec": "⊀", "nsucc": "⊁", "Join": "⨝",
    "multimap": "⊸", "leftrightharpoons": "⇋", "longleftrightarrows": "⇆",
    "Longmapsto": "⟾", "nrightarrow": "↛", "nleftarrow": "↚", "nRightarrow": "⇏",
    "nLeftrightarrow": "⇎", "upharpoonright": "↾", "downharpoonright": "⇂",
    "rightleftarrows": "⇄", "circlearrowright": "↻", "circlearrowleft": "↺",
    "curvearrowright": "↷", "curvearrowleft": "↶", "Lleftarrow": "⇚", "Rrightarrow": "⇛",
  ]

  static let openings: [String: String] = [
    "langle": "⟨", "lfloor": "⌊", "lceil": "⌈", "{": "{", "lbrace": "{", "lbrack": "[",
    "lvert": "|", "lVert": "‖", "lgroup": "⟮", "llbracket": "⟦", "ulcorner": "⌜",
  ]

  static let closings: [String: String] = [
    "rangle": "⟩", "rfloor": "⌋", "rceil": "⌉", "}": "}", "rbrace": "}", "rbrack": "]",
    "rvert": "|", "rVert": "‖", "rgroup": "⟯", "rrbracket": "⟧", "urcorner": "⌝",
  ]

  static let fences: [String: String] = [
    "vert": "|", "Vert": "‖", "|": "‖",
  ]

  static let punctuation: [String: String] = [
    "ldotp": ".", "colon": ":",
  ]

  /// Functions set upright with their scripts beside them.
  static let functions: [String] = [
    "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "arccot",
    "arcsec", "arccsc", "sinh", "cosh", "tanh", "coth", "sech", "csch", "log", "ln", "lg",
    "exp", "deg", "dim", "hom", "ker", "arg", "th", "sgn", "tr", "Tr", "rank", "diag",
  ]

  /// Functions whose scripts go below them in display (`\lim_{x \to 0}`).
  static let limitFunctions: [String] = [
    "lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "gcd", "lcm", "Pr",
    "argmax", "argmin", "injlim", "projlim",
  ]

  /// Everything else: constructs, large operators, spaces, fonts and accents.
  static let constructs: [String: MathCommand] = [
    "sum": .largeOperator("∑", limits: true), "prod": .largeOperator("∏", limits: true),
    "coprod": .largeOperator("∐", limits: true), "bigcup": .largeOperator("⋃", limits: true),
    "bigcap": .largeOperator("⋂", limits: true), "bigvee": .largeOperator("⋁", limits: true),
    "bigwedge": .largeOperator("⋀", limits: true),
    "bigoplus": .largeOperator("⨁", limits: true),
    "bigotimes": .largeOperator("⨂", limits: true),
    "bigodot": .largeOperator("⨀", limits: true),
    "biguplus": .largeOperator("⨄", limits: true),
    "bigsqcup": .largeOperator("⨆", limits: true),
    "int": .largeOperator("∫", limits: false), "iint": .largeOperator("∬", limits: false),
    "iiint": .largeOperator("∭", limits: false), "iiiint": .largeOperator("⨌", limits: false),
    "oint": .largeOperator("∮", limits: false), "oiint": .largeOperator("∯", limits: false),
    "intop": .largeOperator("∫", limits: true), "smallint": .largeOperator("∫", limits: false),

    ",": .space("0.167em"), "thinspace": .space("0.167em"), ":": .space("0.222em"),
    ">": .space("0.222em"), "medspace": .space("0.222em"), ";": .space("0.278em"),
    "thickspace": .space("0.278em"), "!": .space("-0.167em"),
    "negthinspace": .space("-0.167em"), " ": .space("0.25em"), "quad": .space("1em"),
    "qquad": .space("2em"), "enspace": .space("0.5em"), "hspace": .measuredSpace,
    "hskip": .measuredSpace, "kern": .measuredSpace, "mkern": .measuredSpace,

    "hat": .accent(MathAccent(mark: "^", combining: "\u{302}")),
    "widehat": .accent(MathAccent(mark: "^", combining: "\u{302}", stretchy: true)),
    "check": .accent(MathAccent(mark: "ˇ", combining: "\u{30C}")),
    "tilde": .accent(MathAccent(mark: "~", combining: "\u{303}")),
    "widetilde": .accent(MathAccent(mark: "~", combining: "\u{303}", stretchy: true)),
    "bar": .accent(MathAccent(mark: "¯", combining: "\u{304}")),
    "overline": .accent(MathAccent(mark: "¯", combining: "\u{305}", stretchy: true)),
    "underline": .accent(
      MathAccent(mark: "_", combining: "\u{332}", over: false, stretchy: true)),
    "vec": .accent(MathAccent(mark: "→", combining: "\u{20D7}")),
    "overrightarrow": .accent(MathAccent(mark: "→", combining: "\u{20D7}", stretchy: true)),
    "overleftarrow": .accent(MathAccent(mark: "←", combining: "\u{20D6}", stretchy: true)),
    "overleftrightarrow": .accent(
      MathAccent(mark: "↔", combining: "\u{20E1}", stretchy: true)),
    "dot": .accent(MathAccent(mark: "˙", combining: "\u{307}")),
    "ddot": .accent(MathAccent(mark: "¨", combining: "\u{308}")),
    "dddot": .accent(MathAccent(mark: "⃛", combining: "\u{20DB}")),
    "acute": .accent(MathAccent(mark: "´", combining: "\u{301}")),
    "grave": .accent(MathAccent(mark: "`", combining: "\u{300}")),
    "breve": .accent(MathAccent(mark: "˘", combining: "\u{306}")),
    "mathring": .accent(MathAccent(mark: "˚", combining: "\u{30A}")),
    "overbrace": .accent(
      MathAccent(mark: "⏞", combining: "", stretchy: true, takesLimits: true)),
    "underbrace": .accent(
      MathAccent(mark: "⏟", combining: "", over: false, stretchy: true, takesLimits: true)),

    "mathbb": .font(.doubleStruck), "Bbb": .font(.doubleStruck), "mathbf": .font(.bold),
    "mathcal": .font(.script), "mathscr": .font(.script), "mathfrak": .font(.fraktur),
    "mathit": .font(.italic), "mathrm": .font(.normal), "mathsf": .font(.sansSerif),
    "mathtt": .font(.monospace), "boldsymbol": .font(.boldItalic), "bm": .font(.boldItalic),
    "mathbfit": .font(.boldItalic), "pmb": .font(.boldItalic), "mathnormal": .font(.italic),
    "rm": .fontSwitch(.normal), "bf": .fontSwitch(.bold), "it": .fontSwitch(.italic),
    "cal": .fontSwitch(.script), "sf": .fontSwitch(.sansSerif), "tt": .fontSwitch(.monospace),

    "text": .text, "textrm": .text, "textnormal": .text, "textit": .text, "textbf": .text,
    "textsf": .text, "texttt": .text, "textup": .text, "mbox": .text, "hbox": .text,
    "emph": .text,

    "frac": .fraction, "dfrac": .fraction, "tfrac": .fraction, "cfrac": .fraction,
    "binom": .binomial, "dbinom": .binomial, "tbinom": .binomial,
    "over": .infixFraction(binomial: false), "choose": .infixFraction(binomial: true),
    "sqrt": .root,

    "left": .left, "middle": .middle, "right": .right,
    "big": .sizedDelimiter("1.2em"), "bigl": .sizedDelimiter("1.2em"),
    "bigr": .sizedDelimiter("1.2em"), "bigm": .sizedDelimiter("1.2em"),
    "Big": .sizedDelimiter("1.623em"), "Bigl": .sizedDelimiter("1.623em"),
    "Bigr": .sizedDelimiter("1.623em"), "Bigm": .sizedDelimiter("1.623em"),
    "bigg": .sizedDelimiter("2.047em"), "biggl": .sizedDelimiter("2.047em"),
    "biggr": .sizedDelimiter("2.047em"), "biggm": .sizedDelimiter("2.047em"),
    "Bigg": .sizedDelimiter("2.470em"), "Biggl": .sizedDelimiter("2.470em"),
    "Biggr": .sizedDelimiter("2.470em"), "Biggm": .sizedDelimiter("2.470em"),

    "begin": .begin, "end": .end, "\\": .rowBreak, "cr": .rowBreak, "newline": .rowBreak,
    "operatorname": .operatorName, "mathop": .operatorName,
    "limits": .limits(true), "nolimits": .limits(false),
    "overset": .stack(over: true), "stackrel": .stack(over: true),
    "underset": .stack(over: false),
    "xrightarrow": .labeledArrow("→"), "xleftarrow": .labeledArrow("←"),
    "xRightarrow": .labeledArrow("⇒"), "xLeftarrow": .labeledArrow("⇐"),
    "xleftrightarrow": .labeledArrow("↔"), "xmapsto": .labeledArrow("↦"),
    "not": .negation, "pmod": .parenthesizedModulo,

    "displaystyle": .ignored, "textstyle": .ignored, "scriptstyle": .ignored,
    "scriptscriptstyle": .ignored, "nonumber": .ignored, "notag": .ignored,
    "mathstrut": .ignored, "strut": .ignored, "hline": .ignored, "hdashline": .ignored,
    "allowbreak": .ignored, "nobreak": .ignored,
    "label": .ignoredArgument, "tag": .ignoredArgument, "color": .ignoredArgument,
    "boxed": .lastArgument(dropping: 0), "mathord": .lastArgument(dropping: 0),
    "mathbin": .lastArgument(dropping: 0), "mathrel": .lastArgument(dropping: 0),
    "mathopen": .lastArgument(dropping: 0), "mathclose": .lastArgument(dropping: 0),
    "mathpunct": .lastArgument(dropping: 0), "mathinner": .lastArgument(dropping: 0),
    "smash": .lastArgument(dropping: 0), "textcolor": .lastArgument(dropping: 1),
    "colorbox": .lastArgument(dropping: 1), "fbox": .lastArgument(dropping: 0),
  ]
}
