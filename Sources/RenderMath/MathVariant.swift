/// The letter styles of `\mathbb`, `\mathbf`, `\mathcal` and kin, written as the Unicode
/// Mathematical Alphanumeric Symbols (ℝ, 𝐱, 𝒜), which every output shows without a font
/// switch; MathML Core has no other way to say them (`mathvariant` is only `normal` there).
enum MathVariant: Sendable {
  /// `\mathrm`: upright, the one style MathML says with `mathvariant="normal"`.
  case normal
  /// `\mathit`.
  case italic
  /// `\mathbf`.
  case bold
  /// `\boldsymbol`, `\bm`.
  case boldItalic
  /// `\mathcal`, `\mathscr`.
  case script
  /// `\mathfrak`.
  case fraktur
  /// `\mathbb`.
  case doubleStruck
  /// `\mathsf`.
  case sansSerif
  /// `\mathtt`.
  case monospace

  /// Where the style's capital A, small a and digit zero are (nil: the style has none).
  private var bases: (capital: UInt32, small: UInt32, digit: UInt32?)? {
    switch self {
    case .normal: nil
    case .italic: (0x1D434, 0x1D44E, nil)
    case .bold: (0x1D400, 0x1D41A, 0x1D7CE)
    case .boldItalic: (0x1D468, 0x1D482, 0x1D7CE)
    case .script: (0x1D49C, 0x1D4B6, nil)
    case .fraktur: (0x1D504, 0x1D51E, nil)
    case .doubleStruck: (0x1D538, 0x1D552, 0x1D7D8)
    case .sansSerif: (0x1D5A0, 0x1D5BA, 0x1D7E2)
    case .monospace: (0x1D670, 0x1D68A, 0x1D7F6)
    }
  }

  /// Letters encoded before the block was made, whose slots in it are empty.
  private var earlierLetters: [Unicode.Scalar: Unicode.Scalar] {
    switch self {
    case .italic: ["h": "ℎ"]
    case .script:
      [
        "B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ",
        "e": "ℯ", "g": "ℊ", "o": "ℴ",
      ]
    case .fraktur: ["C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"]
    case .doubleStruck: ["C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"]
    default: [:]
    }
  }

  /// Bold Greek, for `\boldsymbol{\theta}`: capital Alpha and small alpha.
  private var greekBases: (capital: UInt32, small: UInt32)? {
    switch self {
    case .bold: (0x1D6A8, 0x1D6C2)
    case .boldItalic: (0x1D71C, 0x1D736)
    default: nil
    }
  }

  /// `text` in this style; characters the style has no form of stay as they are.
  func apply(to text: String) -> String {
    var styled = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { styled.append(apply(to: scalar)) }
    return String(styled)
  }

  private func apply(to scalar: Unicode.Scalar) -> Unicode.Scalar {
    if let earlier = earlierLetters[scalar] { return earlier }
    let value = scalar.value
    var mapped: UInt32?
    if let bases {
      switch value {
      case 0x41...0x5A: mapped = bases.capital + value - 0x41
      case 0x61...0x7A: mapped = bases.small + value - 0x61
      case 0x30...0x39: mapped = bases.digit.map { $0 + value - 0x30 }
      default: break
      }
    }
    if let greekBases {
      switch value {
      case 0x391...0x3A9 where value != 0x3A2: mapped = greekBases.capital + value - 0x391
      case 0x3B1...0x3C9: mapped = greekBases.small + value - 0x3B1
      default: break
      }
    }
    return mapped.flatMap(Unicode.Scalar.init) ?? scalar
  }
}
