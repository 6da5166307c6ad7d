/// One grapheme cluster of terminal output with its width and style.
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
  var text: String
  /// Its width in columns.
  var width: Int
  /// The index of its style in the renderer's style table.
  var style: Int
  /// How line breaking treats it.
  var kind: Kind

  init(text: String, width: Int, style: Int, kind: Kind = .text) {
    self.text = text
    self.width = width
    self.style = style
    self.kind = kind
  }

  /// The cell for a grapheme cluster; a control character becomes U+FFFD, so text can never
  /// carry an escape sequence of its own to the terminal.
  init(_ character: Character, style: Int) {
    self.style = style
    if let ascii = character.asciiValue {
      switch ascii {
      case 0x20: (text, width, kind) = (" ", 1, .space)
      case 0x09: (text, width, kind) = (" ", 1, .tab)
      case 0x0A...0x0D: (text, width, kind) = ("", 0, .lineBreak)  // "\r\n" too
      case 0x21..<0x7F: (text, width, kind) = (String(character), 1, .text)
      default: (text, width, kind) = ("\u{FFFD}", 1, .text)
      }
    } else if character.isNewline {
      (text, width, kind) = ("", 0, .lineBreak)
    } else if character.unicodeScalars.contains(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }) {
      (text, width, kind) = ("\u{FFFD}", 1, .text)
    } else {
      (text, width, kind) = (String(character), DisplayWidth.of(character), .text)
    }
  }
}
