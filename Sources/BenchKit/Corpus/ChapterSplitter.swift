/// Splits a Markdown document before each level-1 ATX heading (`# Title`) that is not inside
/// fenced code, keeping every byte: the chapters joined again are the document.
enum ChapterSplitter {
  /// The chapters of `document`, named `name#1`, `name#2`, …; the document itself when it
  /// has at most one chapter.
  static func chapters(of document: CorpusDocument) -> [CorpusDocument] {
    var chapters: [String] = []
    var current = ""
    var openFence: Substring?
    var lines = document.text.split(separator: "\n", omittingEmptySubsequences: false)
    // A final newline leaves an empty last piece: every line then ends in a newline.
    let endsWithNewline = lines.last?.isEmpty == true
    if endsWithNewline { lines.removeLast() }
    for (number, line) in lines.enumerated() {
      let trimmed = line.drop { $0 == " " }
      let indent = line.count - trimmed.count
      if indent < 4, let fence = Self.fence(in: trimmed) {
        if let opening = openFence {
          if fence.first == opening.first && fence.count >= opening.count { openFence = nil }
        } else {
          openFence = fence
        }
      } else if openFence == nil, indent == 0, line == "#" || line.hasPrefix("# "),
        !current.isEmpty
      {
        chapters.append(current)
        current = ""
      }
      current += line
      if endsWithNewline || number < lines.count - 1 { current += "\n" }
    }
    chapters.append(current)
    guard chapters.count > 1 else { return [document] }
    return chapters.enumerated().map { index, text in
      CorpusDocument(name: "\(document.name)#\(index + 1)", text: text)
    }
  }

  /// The fence marker (three or more backticks or tildes) that opens `line`, if any.
  private static func fence(in line: Substring) -> Substring? {
    guard let first = line.first, first == "`" || first == "~" else { return nil }
    let marker = line.prefix { $0 == first }
    return marker.count >= 3 ? marker : nil
  }
}
