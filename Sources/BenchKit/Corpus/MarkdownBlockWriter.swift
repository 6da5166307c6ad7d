import Foundation

/// Writes the block side of generated Markdown: one kind of block at a time, each the way
/// real documents write it (wrapped paragraphs, nested lists, fenced code with an info
/// string, pipe tables, raw HTML blocks).
struct MarkdownBlockWriter {
  /// Every kind of block the generator writes; each document has each one at least once.
  enum Kind: CaseIterable {
    case heading, setextHeading, paragraph, bulletList, orderedList, nestedList, quote
    case fencedCode, tildeFencedCode, indentedCode, table, htmlBlock, comment, rule
    case referenceDefinitions
  }

  /// Inline text, and through it the generator every choice comes from.
  var inline: InlineTextWriter

  private static let languages = ["swift", "c", "sh", "json", "python", ""]

  /// The Markdown for one block of `kind`, without a trailing newline.
  mutating func block(_ kind: Kind) -> String {
    switch kind {
    case .heading:
      let level = inline.random.int(in: 2...4)
      return String(repeating: "#", count: level) + " " + inline.words(inline.random.int(in: 2...6))
    case .setextHeading:
      let title = inline.words(inline.random.int(in: 2...5))
      return title + "\n" + String(repeating: inline.random.pick(["=", "-"]), count: title.count)
    case .paragraph:
      return inline.wrappedSentences(inline.random.int(in: 1...6))
    case .bulletList:
      return list(depth: 0, ordered: false)
    case .orderedList:
      return list(depth: 0, ordered: true)
    case .nestedList:
      return list(depth: 0, ordered: inline.random.chance(30), maximumDepth: 3)
    case .quote:
      return quote()
    case .fencedCode:
      return fencedCode(fence: "```")
    case .tildeFencedCode:
      return fencedCode(fence: "~~~")
    case .indentedCode:
      return codeLines().map { line in
        inline.random.chance(20) ? "\t" + line : "    " + line
      }.joined(separator: "\n")
    case .table:
      return table()
    case .htmlBlock:
      return htmlBlock()
    case .comment:
      return "<!-- \(inline.words(4)) -->"
    case .rule:
      return inline.random.pick(["---", "***", "* * *", "___"])
    case .referenceDefinitions:
      return (1...3).map { "[ref\($0)]: \(inline.url()) \"\(inline.word())\"" }
        .joined(separator: "\n")
    }
  }

  /// A list whose items start at `indent`; nested lists start at their parent item's text.
  private mutating func list(
    depth: Int, ordered: Bool, maximumDepth: Int = 1, indent: String = ""
  ) -> String {
    let bullet = inline.random.pick(["-", "*", "+"])
    let loose = inline.random.chance(25)
    var items: [String] = []
    for number in 1...inline.random.int(in: 2...6) {
      let marker = ordered ? "\(number)." : bullet
      let continuation = indent + String(repeating: " ", count: marker.count + 1)
      var item =
        indent + marker + " "
        + inline.wrappedSentences(inline.random.int(in: 1...2))
        .replacingOccurrences(of: "\n", with: "\n" + continuation)
      if depth + 1 < maximumDepth && inline.random.chance(40) {
        item +=
          "\n"
          + list(
            depth: depth + 1, ordered: inline.random.chance(30), maximumDepth: maximumDepth,
            indent: continuation)
      }
      items.append(item)
    }
    return items.joined(separator: loose ? "\n\n" : "\n")
  }

  private mutating func quote() -> String {
    var parts = [inline.wrappedSentences(inline.random.int(in: 1...4), prefix: "> ")]
    if inline.random.chance(40) {
      parts.append(">\n> - \(inline.sentence())\n> - \(inline.sentence())")
    }
    if inline.random.chance(20) {
      parts.append(">\n> > \(inline.sentence())")
    }
    return parts.joined(separator: "\n")
  }

  private mutating func fencedCode(fence: String) -> String {
    let language = inline.random.pick(Self.languages)
    return fence + language + "\n" + codeLines().joined(separator: "\n") + "\n" + fence
  }

  private mutating func codeLines() -> [String] {
    (0..<inline.random.int(in: 2...12)).map { _ in
      let depth = String(repeating: "  ", count: inline.random.int(in: 0...3))
      switch inline.random.int(in: 0...5) {
      case 0: return depth + "let \(inline.word()) = \"\(inline.words(2))\" // <tag> & more"
      case 1: return depth + "if (\(inline.word()) < \(inline.random.int(in: 0...99))) {"
      case 2: return depth + "}"
      case 3: return depth + "$ git \(inline.word()) --\(inline.word())\t# \(inline.words(3))"
      case 4: return ""
      default: return depth + "\(inline.word())(\(inline.word()), \(inline.word()));"
      }
    }
  }

  private mutating func table() -> String {
    let columns = inline.random.int(in: 2...5)
    let header = (0..<columns).map { _ in inline.word() }
    let alignments = (0..<columns).map { _ in inline.random.pick(["---", ":---", ":---:", "---:"]) }
    var rows = [
      "| " + header.joined(separator: " | ") + " |",
      "| " + alignments.joined(separator: " | ") + " |",
    ]
    for _ in 0..<inline.random.int(in: 2...10) {
      let cells = (0..<columns).map { _ in
        inline.random.chance(20) ? "`\(inline.word())`" : inline.words(inline.random.int(in: 1...3))
      }
      rows.append("| " + cells.joined(separator: " | ") + " |")
    }
    return rows.joined(separator: "\n")
  }

  private mutating func htmlBlock() -> String {
    switch inline.random.int(in: 0...2) {
    case 0:
      return "<div class=\"note\">\n<p>\(inline.words(8))</p>\n</div>"
    case 1:
      return
        "<details>\n<summary>\(inline.words(3))</summary>\n\n\(inline.wrappedSentences(2))\n\n</details>"
    default:
      return "<table>\n  <tr><td>\(inline.word())</td><td>\(inline.word())</td></tr>\n</table>"
    }
  }
}
