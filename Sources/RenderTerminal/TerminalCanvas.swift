import RenderStyling
import RenderText

/// The colours of the page itself: the background most of the text sits on and the colour
/// most of it is written in.
///
/// The terminal has a background and a text colour of its own, chosen by its user; painting
/// the page's over them would turn a dark terminal into a white sheet with ragged edges. So
/// these two are left to the terminal, and only colours that stand out from the page
/// (headings, links, code) are written.
struct TerminalCanvas {
  /// The page background, or nil when no background covers at least half the text.
  let background: CSSColor?
  /// The page text colour, or nil when no colour covers at least half the text.
  let foreground: CSSColor?

  init(_ text: StyledText) {
    // Code blocks are left out: a document of nothing but code keeps its code background.
    var backgrounds: [CSSColor?: Int] = [:]
    var textLength = 0
    for block in text.blocks where block.kind != .codeBlock {
      backgrounds[block.backgroundColor, default: 0] += block.range.count
      textLength += block.range.count
    }
    background = Self.majority(of: backgrounds, total: textLength)

    var styleLengths = [Int](repeating: 0, count: text.uniqueStyles.count)
    for run in text.indexedRuns { styleLengths[run.styleIndex] += run.range.count }
    var foregrounds: [CSSColor?: Int] = [:]
    for (index, style) in text.uniqueStyles.enumerated() {
      foregrounds[style.foregroundColor, default: 0] += styleLengths[index]
    }
    foreground = Self.majority(of: foregrounds, total: styleLengths.reduce(0, +))
  }

  private static func majority(of lengths: [CSSColor?: Int], total: Int) -> CSSColor? {
    guard let (color, length) = lengths.max(by: { $0.value < $1.value }), 2 * length >= total
    else { return nil }
    return color
  }
}
