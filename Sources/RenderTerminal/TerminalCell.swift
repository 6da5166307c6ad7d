/// One grapheme cluster of terminal output with its width and style.
///
/// The text is a range of ``TerminalGlyphs``, so a cell is a plain value (no reference to
/// count when it is copied into words, lines and rows).
struct TerminalCell {
  /// How line breaking treats the cell.
  enum Kind {
    /// Part of a word.
    case text
    /// A space: a break opportunity, dropped at a break outside code.
    case space
    /// A tab: a space outside code, spaces to the next multiple of four columns in code.
    case tab
    /// A forced line break.
    case lineBreak
  }

  /// What the terminal prints.
  var text: TerminalGlyphs.Text
  /// Its width in columns.
  var width: Int
  /// The index of its style in the renderer's style table.
  var style: Int
  /// How line breaking treats it.
  var kind: Kind

  init(text: TerminalGlyphs.Text, width: Int, style: Int, kind: Kind = .text) {
    self.text = text
    self.width = width
    self.style = style
    self.kind = kind
  }

  /// A space cell in `style`.
  static func space(style: Int) -> TerminalCell {
    TerminalCell(text: TerminalGlyphs.space, width: 1, style: style, kind: .space)
  }

  /// The cell for a one-byte cluster (ASCII) stored at `start`; a control character becomes
  /// U+FFFD, so text can never carry an escape sequence of its own to the terminal. A space
  /// points at its own byte too, so that a line's words and the spaces between them are one
  /// stretch of the text, written with one copy.
  init(ascii: UInt8, at start: Int, style: Int) {
    self.style = style
    switch ascii {
    case 0x20: (text, width, kind) = (TerminalGlyphs.Text(start: start, count: 1), 1, .space)
    case 0x09: (text, width, kind) = (TerminalGlyphs.space, 1, .tab)
    case 0x0A...0x0D: (text, width, kind) = (TerminalGlyphs.empty, 0, .lineBreak)
    case 0x21..<0x7F: (text, width, kind) = (TerminalGlyphs.Text(start: start, count: 1), 1, .text)
    default: (text, width, kind) = (TerminalGlyphs.replacement, 1, .text)
    }
  }

  /// The cell for a cluster of one non-ASCII scalar, `count` bytes stored at `start`, that
  /// takes `width` columns; a line separator is a line break and a C1 control becomes U+FFFD,
  /// as in a cluster read as a `Character`.
  init(scalar: UInt32, at start: Int, count: Int, width: Int, style: Int) {
    switch scalar {
    case 0x85, 0x2028, 0x2029:
      self.init(text: TerminalGlyphs.empty, width: 0, style: style, kind: .lineBreak)
    case 0x80...0x9F:
      self.init(text: TerminalGlyphs.replacement, width: 1, style: style)
    default:
      self.init(text: TerminalGlyphs.Text(start: start, count: count), width: width, style: style)
    }
  }

  /// The cell for a grapheme cluster whose bytes are stored at `start`; control characters
  /// become U+FFFD as for ASCII ones.
  init(_ character: Character, at start: Int, style: Int) {
    if let ascii = character.asciiValue, character.utf8.count == 1 {
      self.init(ascii: ascii, at: start, style: style)
      return
    }
    if character.isNewline {  // "\r\n" too
      self.init(text: TerminalGlyphs.empty, width: 0, style: style, kind: .lineBreak)
    } else if character.unicodeScalars.contains(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }) {
      self.init(text: TerminalGlyphs.replacement, width: 1, style: style)
    } else {
      let bytes = TerminalGlyphs.Text(start: start, count: character.utf8.count)
      self.init(text: bytes, width: DisplayWidth.of(character), style: style)
    }
  }
}
