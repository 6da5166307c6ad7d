import RenderStyling

/// An open element while styled text is built: what its content inherits, and what must
/// happen when it ends. The builder keeps these on an explicit stack instead of recursing.
struct ElementFrame {
  /// How an element takes part in block layout.
  enum Layout {
    /// Flows within the line.
    case inline
    /// Starts and ends blocks.
    case block
    /// A table cell of a row: cells are separated by a tab.
    case cell
    /// A table cell outside any row: it only separates words.
    case cellOutsideRow
  }

  /// The interned text style of the element's own text.
  var style: Int32
  /// What that style was derived from, for the children to derive theirs.
  var styleKey: TextStyleKey
  /// The element's font size, for its children's `sub`/`super` shifts.
  var fontSize: Double
  /// How its text treats white space.
  var whiteSpace: ComputedStyle.WhiteSpace
  /// The layout a block opened inside it gets.
  var block: BlockContext
  /// Its part in block layout.
  var layout: Layout
  /// Whether it is a list item (it writes a marker).
  var isListItem = false
  /// Its bottom margin, applied when it ends.
  var marginBottom = 0.0
  /// The stack index of the nearest list, or -1.
  var listFrame: Int32 = -1
  /// The stack index of the nearest table row, or -1.
  var rowFrame: Int32 = -1
  /// For a list: its item numbering.
  var counter = ListCounter()
  /// For a table row: the cells seen so far.
  var cellCount = 0
  /// For a table row: its cells' alignments so far.
  var cellAlignments: [ComputedStyle.TextAlignment] = []
  /// For a table row: whether every cell so far is a header cell.
  var allCellsAreHeaders = true
  /// Whether it is a table row.
  var isTableRow = false
  /// Whether its own text is left out (``RenderingRule/TextVisibility``).
  var hidesText = false
  /// Whether nothing inside is walked: a `math` element with `alttext`, which stands for it.
  var skipsContent = false
  /// Whether its start and end separate words (``RenderingRule/separatesWords(_:)``).
  var separatesWords = false
  /// Whether it is a `details` without `open` (its children other than the summary hide).
  var isClosedDetails = false
  /// The option the nearest `select` shows, or -1 outside one.
  var chosenOption: Int32 = -1
}
