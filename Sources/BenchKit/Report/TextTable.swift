/// A titled table of text cells, printed as aligned columns or as a Markdown table.
struct TextTable: Sendable, Hashable {
  /// The heading printed above the table.
  var title: String
  /// The column headings.
  var header: [String]
  /// The rows; each has as many cells as ``header``.
  var rows: [[String]]
  /// Lines printed below the table (notes, examples).
  var notes: [String] = []

  /// Aligned columns: the first column left-aligned, the others right-aligned (figures).
  var plainText: String {
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }
    var lines = [title, line(header)]
    lines += rows.map(line)
    lines += notes
    return lines.joined(separator: "\n")
  }

  /// A GitHub-flavoured Markdown table under a level-3 heading, notes as a code block.
  var markdown: String {
    func line(_ cells: [String]) -> String {
      "| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |"
    }
    let alignment = header.indices.map { $0 == 0 ? ":---" : "---:" }
    var lines = [
      "### \(title)", "", line(header), "| " + alignment.joined(separator: " | ") + " |",
    ]
    lines += rows.map(line)
    if !notes.isEmpty { lines += ["", "```"] + notes + ["```"] }
    return lines.joined(separator: "\n")
  }
}
