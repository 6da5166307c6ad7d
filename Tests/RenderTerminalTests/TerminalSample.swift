import RenderCore
import RenderStyling
import RenderText

/// Hand-made ``StyledText`` for the terminal tests: blocks appended one by one, each from
/// pieces of text with their styles, separated by newlines as the builder separates them.
struct TerminalSample {
  private(set) var text = StyledText()
  private var scalarCount = 0

  /// Appends a block made of `pieces`; paragraphs get the 16 px margins of the default theme.
  mutating func add(
    _ kind: TextBlock.Kind, _ pieces: [(String, TextStyle)], indentLevel: Int = 0,
    quoteLevel: Int = 0, spacing: Double = 16, background: CSSColor? = nil,
    alignment: ComputedStyle.TextAlignment = .start
  ) {
    if !text.blocks.isEmpty {
      text.string += "\n"
      scalarCount += 1
    }
    let start = scalarCount
    for (piece, style) in pieces {
      let length = piece.unicodeScalars.count
      text.string += piece
      text.runs.append(StyledText.Run(range: scalarCount..<scalarCount + length, style: style))
      scalarCount += length
    }
    // As the builder records it: a list item's marker runs through its first space.
    let firstPiece = Array((pieces.first?.0 ?? "").unicodeScalars)
    let markerLength = kind == .listItem ? (firstPiece.firstIndex(of: " ").map { $0 + 1 } ?? 0) : 0
    text.blocks.append(
      TextBlock(
        range: start..<scalarCount, kind: kind, indentLevel: indentLevel, alignment: alignment,
        spacingBefore: spacing, spacingAfter: spacing, backgroundColor: background,
        quoteLevel: quoteLevel, markerLength: markerLength))
  }

  /// Appends a block of one piece of text in one style.
  mutating func add(
    _ kind: TextBlock.Kind, _ piece: String, _ style: TextStyle = TextStyle(),
    indentLevel: Int = 0, quoteLevel: Int = 0, spacing: Double = 16, background: CSSColor? = nil
  ) {
    add(
      kind, [(piece, style)], indentLevel: indentLevel, quoteLevel: quoteLevel, spacing: spacing,
      background: background)
  }
}

/// Styles for the samples.
extension TextStyle {
  static let plain = TextStyle()

  static var strong: TextStyle { with { $0.fontWeight = 700 } }
  static var emphasized: TextStyle { with { $0.italic = true } }
  static var underlined: TextStyle { with { $0.underline = true } }
  static var struck: TextStyle { with { $0.strikethrough = true } }
  static var monospaced: TextStyle { with { $0.monospace = true } }
  static var code: TextStyle {
    with {
      $0.monospace = true
      $0.backgroundColor = CSSColor(red: 0xee, green: 0xee, blue: 0xee)
    }
  }

  static func heading(_ level: Int, color: CSSColor? = nil) -> TextStyle {
    with {
      $0.headingLevel = level
      $0.fontWeight = 700
      $0.foregroundColor = color
    }
  }

  static func link(_ target: String) -> TextStyle {
    with {
      $0.link = target
      $0.underline = true
      $0.foregroundColor = CSSColor(red: 0x03, green: 0x66, blue: 0xd6)
    }
  }

  static func image(_ source: String) -> TextStyle { with { $0.imageURL = source } }

  static func colored(_ color: CSSColor) -> TextStyle { with { $0.foregroundColor = color } }

  private static func with(_ change: (inout TextStyle) -> Void) -> TextStyle {
    var style = TextStyle()
    change(&style)
    return style
  }
}
