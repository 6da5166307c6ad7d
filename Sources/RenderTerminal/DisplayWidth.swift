/// How many terminal columns text takes: East Asian Wide and Fullwidth characters and emoji
/// take two, combining marks and zero-width characters none, everything else one.
///
/// A compact table of the main wide ranges (Unicode 15 East Asian Width W and F) plus the
/// standard library's `Emoji_Presentation` property; ambiguous-width characters count one,
/// as terminals outside East Asian locales show them.
enum DisplayWidth {
  /// The wide ranges that are not emoji (sorted; emoji come from the scalar properties).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G–H
  ]

  /// The columns of a grapheme cluster: its widest scalar, and two for an emoji that a
  /// variation selector 16 asks to be shown as emoji.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let only = scalars.first { return of(only) }
    var width = 0
    for scalar in scalars {
      if scalar.value == 0xFE0F, scalars.first?.properties.isEmoji == true { return 2 }
      width = max(width, of(scalar))
    }
    return width
  }

  /// The columns of a string, cluster by cluster.
  static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns of one scalar.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    // Latin-1, Latin Extended and IPA, below the combining diacritics: one column.
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    // Hangul medial vowels and final consonants join the preceding initial.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    if value < 0x1100 { return 1 }
    if scalar.properties.isEmojiPresentation || isInWideRange(value) { return 2 }
    return 1
  }

  private static func isInWideRange(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
