import RenderStyling
import RenderText

/// What the terminal can show of a ``TextStyle``, and the escape codes that show it.
struct TerminalStyle: Hashable {
  var bold = false
  var faint = false
  var italic = false
  var underline = false
  var strikethrough = false
  var foreground: CSSColor?
  var background: CSSColor?
  /// The link target, already safe for an OSC 8 sequence.
  var link: String?

  /// The plain style: no attribute, no colour, no link.
  static let plain = TerminalStyle()

  init() {}

  /// The terminal's view of a run style; a transparent colour counts as none.
  init(_ style: TextStyle) {
    bold = style.isBold
    italic = style.italic
    underline = style.underline
    strikethrough = style.strikethrough
    foreground = style.foregroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
    background = style.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
    link = style.link.flatMap(Self.hyperlinkTarget)
  }

  /// The SGR sequence that sets this style from the default one (empty for the plain style).
  func selectGraphicRendition(_ mode: TerminalColorMode) -> String {
    var codes: [String] = []
    if bold { codes.append("1") }
    if faint { codes.append("2") }
    if italic { codes.append("3") }
    if underline { codes.append("4") }
    if strikethrough { codes.append("9") }
    if let foreground { codes.append(Self.color(foreground, base: 38, mode)) }
    if let background { codes.append(Self.color(background, base: 48, mode)) }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// Whether any SGR attribute is set (a link alone sets none).
  var hasGraphicRendition: Bool {
    bold || faint || italic || underline || strikethrough || foreground != nil
      || background != nil
  }

  /// Resets every SGR attribute.
  static let reset = "\u{1B}[0m"

  /// Opens an OSC 8 hyperlink.
  static func openHyperlink(_ target: String) -> String {
    "\u{1B}]8;;" + target + "\u{1B}\\"
  }

  /// Closes the open OSC 8 hyperlink.
  static let closeHyperlink = "\u{1B}]8;;\u{1B}\\"

  private static func color(_ color: CSSColor, base: Int, _ mode: TerminalColorMode) -> String {
    if mode == .trueColor { return "\(base);2;\(color.red);\(color.green);\(color.blue)" }
    return "\(base);5;\(XtermPalette.nearestIndex(to: color))"
  }

  /// The longest target written as an OSC 8 hyperlink, in bytes once encoded: VTE's limit,
  /// which the OSC 8 specification suggests to other terminals. A hyperlink is opened again on
  /// every line its text wraps to, so without a bound an autolink's output would grow with the
  /// square of its length. A longer target is written once after its text, as without
  /// hyperlinks.
  static let maximumHyperlinkBytes = 2083

  /// Whether `url` is written as a hyperlink when hyperlinks are on: its encoded target
  /// (``hyperlinkTarget(_:)``) is at most ``maximumHyperlinkBytes`` long.
  static func fitsHyperlink(_ url: String) -> Bool {
    var bytes = 0
    for byte in url.utf8 {
      bytes += isTargetByte(byte) ? 1 : 3
      if bytes > maximumHyperlinkBytes { return false }
    }
    return true
  }

  /// Whether `byte` goes into a hyperlink's target as it is: printable ASCII but the space.
  private static func isTargetByte(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

  /// `url` with every byte outside printable ASCII (space and controls included)
  /// percent-encoded, as OSC 8 requires, so no URL can end the sequence or inject another;
  /// nil when nothing is left or it does not fit (``fitsHyperlink(_:)``).
  static func hyperlinkTarget(_ url: String) -> String? {
    guard fitsHyperlink(url) else { return nil }
    var target = ""
    for byte in url.utf8 {
      if isTargetByte(byte) {
        target.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        target += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return target.isEmpty ? nil : target
  }
}
