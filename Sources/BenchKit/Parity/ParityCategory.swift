/// Why two engines' normalised outputs differ, as the parity classifier decides it.
///
/// The raw values are the keys of the JSON report's `parity[].categories`.
package enum ParityCategory: String, Sendable, Hashable, Codable, CaseIterable {
  /// Equal once curly quotes, dashes and ellipses are folded to ASCII.
  case smartPunctuation
  /// Raw HTML or URLs handled differently: omitted, escaped or dropped on one side.
  case sanitiser
  /// The first difference lies in a list's structure or inside a list item.
  case lists
  /// The input has tabs and the outputs are equal once tabs and runs of spaces are folded.
  case tabs
  /// The first difference lies inside `<pre>` or `<code>`.
  case code
  /// One side has extension markup (tables, strikethrough, superscript, definition lists,
  /// footnotes) the other lacks.
  case extensions
  /// None of the above.
  case other
}
