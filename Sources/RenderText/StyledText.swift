import RenderCore
import RenderStyling

/// Text with style runs and block layout: what HTML import and the cascade produce, and
/// what the Foundation, terminal and plain-text outputs read.
///
/// Offsets count Unicode scalars of ``string``. Blocks are separated by one `"\n"` and never
/// contain one: a line break inside a block (`<br>`, a newline in `<pre>`) is U+2028 LINE
/// SEPARATOR, so paragraph structure survives into `AttributedString` and ``plainText`` turns
/// it into a newline. Runs cover the string in order; their styles are interned, so a document
/// with a million runs holds each distinct ``TextStyle`` once.
///
/// ```swift
/// let styled = StyledText(document: document, styles: try stylesheet.cascade(document, colorScheme: .light))
/// for run in styled.runs where run.style.italic { … }
/// let attributed = AttributedString(styled)
/// ```
public struct StyledText: Sendable, Hashable {
  /// A range of the text with one style.
  public struct Run: Sendable, Hashable {
    /// The run's Unicode scalar offsets into ``StyledText/string``.
    public var range: Range<Int>
    /// Its style.
    public var style: TextStyle

    /// Creates a run.
    public init(range: Range<Int>, style: TextStyle) {
      self.range = range
      self.style = style
    }
  }

  /// A run that names its style by index into ``StyledText/uniqueStyles``: the compact form
  /// the text is stored in, for readers that map each distinct style once.
  public struct IndexedRun: Sendable, Hashable {
    /// The run's Unicode scalar offsets into ``StyledText/string``.
    public var range: Range<Int>
    /// The index of its style in ``StyledText/uniqueStyles``.
    public var styleIndex: Int

    /// Creates a run.
    public init(range: Range<Int>, styleIndex: Int) {
      self.range = range
      self.styleIndex = styleIndex
    }
  }

  /// The text, blocks separated by `"\n"`; list markers and table separators included.
  public var string: String
  /// The blocks, in order.
  public var blocks: [TextBlock]
  /// The distinct styles of the runs, in order of first use.
  public private(set) var uniqueStyles: [TextStyle]
  /// The runs in their compact form: non-empty, in order, adjacent runs of equal style merged.
  public private(set) var indexedRuns: [IndexedRun]
  /// The document's metadata (its front matter), carried along for the outputs that show it.
  public var metadata: [String: MetadataValue] = [:]

  /// Creates styled text from its parts. Empty runs are dropped and touching runs of equal
  /// style merged.
  public init(string: String = "", runs: [Run] = [], blocks: [TextBlock] = []) {
    self.string = string
    self.blocks = blocks
    uniqueStyles = []
    indexedRuns = []
    self.runs = runs
  }

  /// Lays out `document` as a browser would show it, with the styles the cascade computed
  /// for it: hidden elements dropped, white space collapsed, blocks, list markers, table
  /// cells, image alt text and links resolved. See the README's "Styled text" section.
  public init(document: Document, styles: CascadedStyles) {
    self = StyledTextBuilder(document: document, styles: styles).build()
  }

  init(string: String, uniqueStyles: [TextStyle], indexedRuns: [IndexedRun], blocks: [TextBlock]) {
    self.string = string
    self.uniqueStyles = uniqueStyles
    self.indexedRuns = indexedRuns
    self.blocks = blocks
  }

  /// The style runs, in order, covering ``string``.
  public var runs: [Run] {
    get { indexedRuns.map { Run(range: $0.range, style: uniqueStyles[$0.styleIndex]) } }
    set {
      var styleIndices: [TextStyle: Int] = [:]
      uniqueStyles = []
      indexedRuns = []
      indexedRuns.reserveCapacity(newValue.count)
      for run in newValue where !run.range.isEmpty {
        let index: Int
        if let known = styleIndices[run.style] {
          index = known
        } else {
          index = uniqueStyles.count
          styleIndices[run.style] = index
          uniqueStyles.append(run.style)
        }
        if let last = indexedRuns.last, last.styleIndex == index,
          last.range.upperBound == run.range.lowerBound
        {
          indexedRuns[indexedRuns.count - 1].range = last.range.lowerBound..<run.range.upperBound
        } else {
          indexedRuns.append(IndexedRun(range: run.range, styleIndex: index))
        }
      }
    }
  }
}
