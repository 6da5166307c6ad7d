import RenderStyling

/// A paragraph-level unit of ``StyledText``: its range, its kind and its layout.
public struct TextBlock: Sendable, Hashable {
  /// What the block is.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A paragraph or other plain block.
    case paragraph
    /// A heading (its level is in the runs' ``TextStyle/headingLevel``).
    case heading
    /// A list item (and any further paragraph inside it); the marker is part of the text.
    case listItem
    /// A paragraph inside a block quote.
    case quote
    /// Preformatted code.
    case codeBlock
    /// A table row; its cells are separated by a tab in the text.
    case tableRow
    /// A horizontal rule; its text is `───` so that every output shows it.
    case rule
    /// A paragraph of a GitHub alert, the first its title (`Note`); ``TextBlock/alert`` names
    /// the alert's kind, and ``TextBlock/quoteLevel`` counts the alert as a quote.
    case alert
  }

  /// The block's text as Unicode scalar offsets into ``StyledText/string``; it ends before
  /// the newline that separates it from the next block.
  public var range: Range<Int>
  /// The block's kind.
  public var kind: Kind
  /// Nesting depth of lists and quotes (0 at the top level).
  public var indentLevel: Int
  /// The indent from the left edge in CSS pixels (margins and paddings of its ancestors).
  public var indent: Double
  /// Horizontal alignment.
  public var alignment: ComputedStyle.TextAlignment
  /// Space above, in CSS pixels. Vertical margins collapse as in CSS (the larger wins, not
  /// the sum), and the gap is split so that a block's ``spacingAfter`` plus the next block's
  /// ``spacingBefore`` is that collapsed margin: sum them, as paragraph styles do.
  public var spacingBefore: Double
  /// Space below, in CSS pixels: the collapsed bottom margins of the elements that end with
  /// the block.
  public var spacingAfter: Double
  /// The block's background colour (code blocks, for instance).
  public var backgroundColor: CSSColor?
  /// How many block quotes contain the block (0 outside any); ``indentLevel`` counts them too.
  public var quoteLevel: Int
  /// The length in scalars of the list marker that starts the block, with the space after
  /// it (`"• "`, `"10. "`): where a hanging indent aligns. 0 when the block has no marker.
  public var markerLength: Int
  /// For a table row: each cell's `text-align` (from `align`, `style` or the user agent's
  /// centred `th`), in the order of the tab-separated cells. Empty for other blocks.
  public var cellAlignments: [ComputedStyle.TextAlignment] = []
  /// For a table row: whether every cell is a header cell (`th`), so a rule can follow it.
  public var isHeaderRow = false
  /// The `id` of the element that opened the block (a heading's anchor, for instance), so a
  /// link to `#anchor` can find its block; nil when it has none.
  public var anchor: String?
  /// For a block of a GitHub alert (``Kind/alert``): its kind, `note`, `tip`, `important`,
  /// `warning` or `caution`; nil elsewhere.
  public var alert: String?

  /// Creates a block.
  public init(
    range: Range<Int>, kind: Kind, indentLevel: Int = 0, indent: Double = 0,
    alignment: ComputedStyle.TextAlignment = .start, spacingBefore: Double = 0,
    spacingAfter: Double = 0, backgroundColor: CSSColor? = nil, quoteLevel: Int = 0,
    markerLength: Int = 0, anchor: String? = nil, alert: String? = nil
  ) {
    self.alert = alert
    self.range = range
    self.kind = kind
    self.indentLevel = indentLevel
    self.indent = indent
    self.alignment = alignment
    self.spacingBefore = spacingBefore
    self.spacingAfter = spacingAfter
    self.backgroundColor = backgroundColor
    self.quoteLevel = quoteLevel
    self.markerLength = markerLength
    self.anchor = anchor
  }
}
