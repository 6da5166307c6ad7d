/// The block layout every text output shares (plain text, terminal, and any output added
/// later): which consecutive blocks a blank line separates, and how far each block's lines
/// are indented, in columns of monospaced text.
///
/// ```swift
/// let gap = BlockLayout.hasBlankLine(between: previous, and: block) ? "\n\n" : "\n"
/// let indent = BlockLayout.indentation(of: block)
/// // quotes first (indent.quoteLevel × columnsPerLevel), then indent.firstLine spaces
/// ```
public enum BlockLayout {
  /// The columns one level of list or quote nesting takes.
  public static let columnsPerLevel = 2

  /// How far a block's lines are indented.
  public struct Indentation: Sendable, Hashable {
    /// The block quotes around the block; each takes ``BlockLayout/columnsPerLevel`` columns,
    /// drawn as an output likes (spaces in plain text, a bar in a terminal).
    public var quoteLevel: Int
    /// Columns after the quotes before the first line: list nesting, with a list item's marker
    /// hanging into the last level.
    public var firstLine: Int
    /// Columns after the quotes before every further line: aligned with the text after the
    /// marker.
    public var continuation: Int
  }

  /// Whether a blank line separates `previous` and `next`; otherwise a single line break does.
  ///
  /// Items of one list and rows of one table follow each other directly when the collapsed
  /// margin between them is under a quarter of an em (4 CSS pixels), which a line of text
  /// cannot show; every other pair of blocks is set apart.
  public static func hasBlankLine(between previous: TextBlock, and next: TextBlock) -> Bool {
    guard previous.kind == next.kind, previous.kind == .listItem || previous.kind == .tableRow
    else { return true }
    return previous.spacingAfter + next.spacingBefore >= 4
  }

  /// The indentation of `block`'s lines; `markerColumns` is the width its list marker takes
  /// (``TextBlock/markerLength`` in an output where every character is one column).
  public static func indentation(of block: TextBlock, markerColumns: Int? = nil) -> Indentation {
    let quotes = max(0, block.quoteLevel)
    let lists = max(0, block.indentLevel - quotes) * columnsPerLevel
    let marker = markerColumns ?? block.markerLength
    guard block.kind == .listItem, marker > 0 else {
      return Indentation(quoteLevel: quotes, firstLine: lists, continuation: lists)
    }
    let firstLine = max(0, lists - columnsPerLevel)
    return Indentation(quoteLevel: quotes, firstLine: firstLine, continuation: firstLine + marker)
  }
}
