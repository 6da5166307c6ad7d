/// The style of one node after the cascade: every property resolved to a value.
///
/// ``Stylesheet`` produces one per document node; ``StyledText`` is built from them.
/// Lengths are CSS pixels.
public struct ComputedStyle: Sendable, Hashable {
  /// How a node takes part in layout.
  public enum Display: String, Sendable, Hashable {
    /// Starts a new line, like `p`.
    case block
    /// Flows within the line, like `em`.
    case inline
    /// A block with a list marker, like `li`.
    case listItem
    /// A table; its rows become lines.
    case table
    /// A table row: one line with cells separated.
    case tableRow
    /// A table cell.
    case tableCell
    /// Not shown, nor anything inside it.
    case none
  }

  /// `text-align`.
  /// Codable so that the `AttributedString` paragraph attribute holding it can be archived
  /// (declared here: a conformance added in another module would be retroactive).
  public enum TextAlignment: String, Sendable, Hashable, Codable {
    /// Left in left-to-right text.
    case start
    /// Flush left.
    case left
    /// Flush right.
    case right
    /// Centred.
    case center
    /// Justified.
    case justify
  }

  /// `white-space`.
  public enum WhiteSpace: String, Sendable, Hashable {
    /// Collapse spaces and newlines; wrap.
    case normal
    /// Keep spaces and newlines; do not wrap.
    case pre
    /// Collapse; do not wrap.
    case nowrap
    /// Keep spaces and newlines; wrap.
    case preWrap = "pre-wrap"
    /// Collapse spaces, keep newlines.
    case preLine = "pre-line"
  }

  /// `list-style-type`.
  public enum ListStyleType: String, Sendable, Hashable {
    /// •
    case disc
    /// ◦
    case circle
    /// ▪
    case square
    /// 1. 2. 3.
    case decimal
    /// a. b. c.
    case lowerAlpha = "lower-alpha"
    /// A. B. C.
    case upperAlpha = "upper-alpha"
    /// i. ii. iii.
    case lowerRoman = "lower-roman"
    /// I. II. III.
    case upperRoman = "upper-roman"
    /// No marker.
    case none
  }

  /// `vertical-align` as far as text needs it.
  public enum VerticalAlign: String, Sendable, Hashable {
    /// On the baseline.
    case baseline
    /// Subscript.
    case sub
    /// Superscript.
    case `super`
  }

  /// Box-side lengths in CSS pixels.
  public struct Edges: Sendable, Hashable {
    /// Top.
    public var top: Double
    /// Right.
    public var right: Double
    /// Bottom.
    public var bottom: Double
    /// Left.
    public var left: Double

    /// Creates edges; all zero by default.
    public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
      self.top = top
      self.right = right
      self.bottom = bottom
      self.left = left
    }
  }

  /// `display`.
  public var display: Display = .inline
  /// `color` (inherited); nil means the reader's default text colour.
  public var color: CSSColor?
  /// `background-color` (not inherited); nil means transparent.
  public var backgroundColor: CSSColor?
  /// `font-family` list, in order of preference (inherited).
  public var fontFamily: [String] = []
  /// `font-size` in CSS pixels (inherited).
  public var fontSize: Double = 16
  /// `font-weight`, 100–900 (inherited).
  public var fontWeight: Int = 400
  /// `font-style: italic` or `oblique` (inherited).
  public var italic: Bool = false
  /// Whether the first font family is monospace (inherited through `font-family`).
  public var monospace: Bool = false
  /// `text-decoration-line: underline` (propagates to descendants).
  public var underline: Bool = false
  /// `text-decoration-line: line-through` (propagates to descendants).
  public var strikethrough: Bool = false
  /// `text-align` (inherited).
  public var textAlign: TextAlignment = .start
  /// `white-space` (inherited).
  public var whiteSpace: WhiteSpace = .normal
  /// `margin`.
  public var margin = Edges()
  /// `padding`.
  public var padding = Edges()
  /// `list-style-type` (inherited).
  public var listStyleType: ListStyleType = .disc
  /// `line-height` as a multiple of the font size (inherited); nil means `normal`.
  public var lineHeight: Double?
  /// `vertical-align`.
  public var verticalAlign: VerticalAlign = .baseline
  /// The custom properties (`--name`) in effect, with their `var()` references substituted:
  /// inherited by every descendant, read by the `var()` in their values.
  var customProperties: [String: String] = [:]

  /// The initial values of every property, as CSS defines them.
  public init() {}
}
