import Foundation

extension DiscountEngine {
  /// A line put between a quote and an alert that follows it across blank lines, and the
  /// paragraph Discount makes of it, taken out of the HTML.
  ///
  /// Discount reads Markdown.pl's way: quotes with only blank lines between them are one quote,
  /// so consecutive alerts became one alert holding the others' markers as text. CommonMark (and
  /// GitHub) end a quote at a blank line; a line of text there ends Discount's quote too, and a
  /// private-use character makes a paragraph no document has.
  static let alertSeparator = "\u{E004}"
  private static let alertSeparatorParagraph = Array("<p>\u{E004}</p>\n".utf8)

  /// The five alert markers' names, lowercase.
  private static let alertKinds: Set<String> = ["note", "tip", "important", "warning", "caution"]

  /// `markdown` with ``alertSeparator`` on a line of its own between a top-level quote and the
  /// quote that follows it across blank lines when either is an alert (starts `> [!TIP]`), and
  /// how many were put; nil when there is none. Fenced code is left as it is.
  static func separatingAlerts(in markdown: String) -> (markdown: String, count: Int)? {
    guard markdown.contains("[!") else { return nil }
    var output = ""
    var count = 0
    var fence: (marker: Character, length: Int)?
    var inQuote = false
    /// Whether the quote `inQuote` is in starts with an alert's marker.
    var quoteIsAlert = false
    var afterBlank = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = line.prefix { $0 == " " }.count
      let content = line.dropFirst(indent)
      if let open = fence {
        let run = content.prefix { $0 == open.marker }.count
        if indent < 4, run >= open.length, content.dropFirst(run).allSatisfy(\.isWhitespace) {
          fence = nil
        }
      } else if content.allSatisfy(\.isWhitespace) {
        afterBlank = true
      } else {
        // At the margin only: after a blank line, a quote indented at all may be a list
        // item's, where a separator line would end the list.
        let isQuote = indent == 0 && content.first == ">"
        if isQuote, !inQuote || afterBlank {
          let isAlert = Self.isAlertMarker(content.dropFirst())
          if inQuote, isAlert || quoteIsAlert {
            output += alertSeparator + "\n\n"
            count += 1
          }
          quoteIsAlert = isAlert
        }
        if !isQuote, indent < 4, let marker = content.first, marker == "`" || marker == "~" {
          let run = content.prefix { $0 == marker }.count
          if run >= 3 { fence = (marker, run) }
        }
        inQuote = isQuote || (inQuote && !afterBlank)
        afterBlank = false
      }
      output += line
      output += "\n"
    }
    output.removeLast()
    return count == 0 ? nil : (output, count)
  }

  /// Whether a quote line's text (after its `>`) is an alert's marker alone: `[!NOTE]`, any case.
  private static func isAlertMarker(_ text: Substring) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]") else { return false }
    return alertKinds.contains(trimmed.dropFirst(2).dropLast().lowercased())
  }

  /// `html` without the first `count` paragraphs Discount made of ``alertSeparator`` lines.
  static func removingAlertSeparators(_ html: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt8] {
    let paragraph = alertSeparatorParagraph
    var output: [UInt8] = []
    output.reserveCapacity(html.count)
    var left = count
    var index = 0
    while index < html.count {
      if left > 0, html[index] == paragraph[0], index + paragraph.count <= html.count,
        paragraph.indices.allSatisfy({ html[index + $0] == paragraph[$0] })
      {
        index += paragraph.count
        left -= 1
        continue
      }
      output.append(html[index])
      index += 1
    }
    return output
  }
}
