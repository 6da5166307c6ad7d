import RenderStyling

/// What a block opened at this point of the document gets: the layout its block-level
/// ancestors give it.
struct BlockContext {
  /// The innermost kind-defining ancestor's kind (list item, quote, code, heading, row, rule).
  var kind: TextBlock.Kind = .paragraph
  /// Enclosing list items and quotes.
  var indentLevel = 0
  /// Enclosing quotes.
  var quoteLevel = 0
  /// The sum of the block-level ancestors' left margins and paddings, in CSS pixels.
  var indent = 0.0
  /// The innermost block-level ancestor's `text-align`.
  var alignment: ComputedStyle.TextAlignment = .start
  /// The innermost block-level ancestor's visible background.
  var backgroundColor: CSSColor?
  /// The innermost GitHub alert's kind (`note`), inside one.
  var alert: String?
}
