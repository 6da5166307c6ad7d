/// One thing a record may ask for, named in its `outputs` array (and `--outputs`); an answer
/// holds them in this order, whatever order they were asked in.
public enum BatchOutput: String, Sendable, Hashable, CaseIterable, Comparable {
  /// The HTML fragment, as `render --to fragment` writes it.
  case fragment
  /// The standalone HTML page, as `render --to page` writes it.
  case page
  /// The plain text, as `render --to text` writes it.
  case text
  /// The styled text as JSON, as `render --to json` writes it, set in the answer as a value.
  case json
  /// The page's title: front matter's, the configured one, the first heading's, the file
  /// name's; `null` when there is none.
  case title
  /// The headings in document order: `level`, `text` and `anchor` of each.
  case headings
  /// The front matter's fields (`{}` without front matter).
  case frontMatter

  /// In the order an answer holds them.
  public static func < (left: BatchOutput, right: BatchOutput) -> Bool {
    allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
  }
}
