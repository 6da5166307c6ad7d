import RenderStyling

/// Tells a dark terminal from a light one, so the palette can follow it: from `COLORFGBG`
/// (set by rxvt, Konsole and others) or from the reply to an OSC 11 query (xterm and most
/// terminals since).
///
/// ```swift
/// TerminalBackground.colorScheme(colorFGBG: "15;0")  // .dark
/// ```
package enum TerminalBackground {
  /// The OSC 11 query: "what is your background colour?".
  package static let query = "\u{1B}]11;?\u{1B}\\"

  /// The scheme for a `COLORFGBG` value, `fg;bg` or `fg;default;bg`: the background's
  /// ANSI index, 0–6 and 8 dark, 7 and 9–15 light (rxvt's reading); nil when unreadable.
  package static func colorScheme(colorFGBG: String) -> ColorScheme? {
    guard let last = colorFGBG.split(separator: ";").last, let index = Int(last),
      (0...15).contains(index)
    else { return nil }
    return index <= 6 || index == 8 ? .dark : .light
  }

  /// The scheme for a reply to ``query``, `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by `ESC \`
  /// or BEL, with one to four hex digits a channel: dark when its luminance is below half.
  package static func colorScheme(reply: String) -> ColorScheme? {
    guard let start = reply.range(of: "rgb:") else { return nil }
    let channels = reply[start.upperBound...].prefix { $0.isHexDigit || $0 == "/" }
      .split(separator: "/")
    guard channels.count == 3 else { return nil }
    var values: [Double] = []
    for channel in channels {
      guard (1...4).contains(channel.count), let value = Int(channel, radix: 16) else {
        return nil
      }
      values.append(Double(value) / Double((1 << (4 * channel.count)) - 1))
    }
    // Rec. 709 luma of the channels as given: enough to tell dark from light.
    let luminance = 0.2126 * values[0] + 0.7152 * values[1] + 0.0722 * values[2]
    return luminance < 0.5 ? .dark : .light
  }
}
