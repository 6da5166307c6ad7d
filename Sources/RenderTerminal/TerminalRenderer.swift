import RenderCore
import RenderText

/// Renders ``StyledText`` for a terminal: SGR styles and colours, OSC 8 hyperlinks, and
/// text wrapped by display width, with list indents, quote bars and code blocks kept on
/// every wrapped line.
///
/// ```swift
/// let renderer = TerminalRenderer(width: 80, colorMode: .trueColor)
/// print(renderer.render(styled), terminator: "")
/// ```
///
/// With ``TerminalColorMode/none`` the output holds no escape code at all, and a link's
/// target follows its text in parentheses.
public struct TerminalRenderer: Sendable, Hashable {
  /// The line width in columns; widths below 8 count as 8.
  public var width: Int
  /// How much colour to use.
  public var colorMode: TerminalColorMode
  /// Whether links become OSC 8 hyperlinks (only with colour; without, targets are written).
  public var hyperlinks: Bool
  /// The characters for table borders, rules and quote bars (ASCII for a non-UTF-8 locale:
  /// ``TerminalLineDrawing/init(environment:)``).
  public var lineDrawing: TerminalLineDrawing

  /// Creates a renderer.
  public init(
    width: Int = 80, colorMode: TerminalColorMode = .none, hyperlinks: Bool = true,
    lineDrawing: TerminalLineDrawing = .unicode
  ) {
    self.width = width
    self.colorMode = colorMode
    self.hyperlinks = hyperlinks
    self.lineDrawing = lineDrawing
  }

  /// The text as terminal output, every line ending in a newline.
  public func render(_ text: StyledText) -> String {
    String(decoding: renderUTF8(text), as: UTF8.self)
  }

  /// ``render(_:)`` held to `maximumBytes` of output, for text styled from untrusted input:
  /// the layout stops at the first line past the cap and throws
  /// `RenderError.limitExceeded`. Terminal output can be far larger than its text: in a
  /// table column one character wide each character has a line of its own, borders
  /// included, and a hyperlink's target is written again on every line its text wraps to.
  ///
  /// ```swift
  /// let output = try renderer.render(styled, maximumBytes: 64 * styled.string.utf8.count)
  /// ```
  public func render(_ text: StyledText, maximumBytes: Int) throws(RenderError) -> String {
    String(decoding: try renderUTF8(text, maximumBytes: maximumBytes), as: UTF8.self)
  }

  /// The output of ``render(_:)`` as UTF-8 bytes, for a caller that writes them out as they
  /// are (no String to build and check).
  package func renderUTF8(_ text: StyledText) -> [UInt8] {
    var layout = terminalLayout(of: text, maximumBytes: Int.max)
    return layout.render()
  }

  /// The output of ``render(_:maximumBytes:)`` as UTF-8 bytes.
  package func renderUTF8(
    _ text: StyledText, maximumBytes: Int
  ) throws(RenderError) -> [UInt8] {
    var layout = terminalLayout(of: text, maximumBytes: maximumBytes)
    let bytes = layout.render()
    guard bytes.count <= maximumBytes else {
      throw .limitExceeded(
        limit: RenderLimits.outputLimitName, value: bytes.count, maximum: maximumBytes)
    }
    return bytes
  }

  private func terminalLayout(of text: StyledText, maximumBytes: Int) -> TerminalLayout {
    TerminalLayout(
      text, width: max(8, width), colorMode: colorMode, hyperlinks: hyperlinks,
      drawing: lineDrawing, maximumBytes: maximumBytes)
  }
}
