/// A block md4c enters or leaves, with the detail each HTML element needs.
enum MD4CBlock {
  /// A table cell's alignment (`align` attribute).
  enum Alignment {
    /// No alignment given.
    case none
    /// `align="left"`.
    case left
    /// `align="center"`.
    case center
    /// `align="right"`.
    case right
  }

  /// The whole document (`body`).
  case document
  /// `<blockquote>`.
  case quote
  /// `<ul>`.
  case unorderedList
  /// `<ol>`, with `start` when it is not 1.
  case orderedList(start: Int)
  /// `<li>`; `task` is nil for an ordinary item, else whether its box is checked.
  case item(task: Bool?)
  /// `<hr>`.
  case thematicBreak
  /// `<h1>` … `<h6>`.
  case heading(level: Int)
  /// `<pre><code>`, with the info string's first word when there is one.
  case code(language: MD4CAttribute?)
  /// A raw HTML block (only when raw HTML is allowed).
  case html
  /// `<p>`.
  case paragraph
  /// `<table>`.
  case table
  /// `<thead>`.
  case tableHead
  /// `<tbody>`.
  case tableBody
  /// `<tr>`.
  case tableRow
  /// `<th>`.
  case tableHeaderCell(Alignment)
  /// `<td>`.
  case tableCell(Alignment)
}
