/// Why two engines' normalised outputs differ, as the parity classifier decides it.
///
/// The raw values are the keys of the JSON report's `parity[].categories`. The GFM construct
/// categories name what Discount reads differently from GitHub's renderer (README, "Discount,
/// honestly"); the others are general.
package enum ParityCategory: String, Sendable, Hashable, Codable, CaseIterable {
  /// Equal once curly quotes, dashes and ellipses are folded to ASCII.
  case smartPunctuation
  /// The input has tabs and the outputs are equal once tabs and runs of spaces are folded.
  case tabs
  /// Task-list items: `<input type="checkbox">` on one side, ☐/☑ glyphs or `[ ]` text on
  /// the other.
  case taskLists
  /// Raw HTML the tagfilter escapes (`<script>`, `<title>`, …) passed as-is on one side.
  case tagFilter
  /// A table with a header row and no body rows on one side only.
  case headerOnlyTable
  /// A table whose delimiter row has no leading pipe (`--- | ---`) on one side only.
  case delimiterRowWithoutLeadingPipe
  /// A `www.` autolink on one side only.
  case wwwAutolinks
  /// A link destination with parentheses (`[a](/foo(bar))`) ending at a different `)`.
  case linkParentheses
  /// Fenced code inside a list item read as a code block on one side only.
  case fencedCodeInListItem
  /// A list right after a paragraph line: a list on one side, part of the paragraph on the
  /// other.
  case listAfterParagraph
  /// An HTML block such as `<details>` wrapped in `<p>` on one side only.
  case detailsInParagraph
  /// One side has extension markup (tables, strikethrough, superscript, definition lists,
  /// footnotes) the other lacks.
  case extensions
  /// Raw HTML or URLs handled differently: omitted, escaped or dropped on one side.
  case sanitiser
  /// The first difference lies inside `<pre>` or `<code>`.
  case code
  /// The first difference lies in a list's structure or inside a list item.
  case lists
  /// None of the above.
  case other
}
