/// A small reference for "the words a browser shows" in an HTML source, to check that import
/// loses none: text outside tags and comments, minus the content of `script`, `style`, `title`,
/// `textarea` and `template`. Tags separate words (comments do not: text around one is one
/// node). A chunk (between whitespace) holding `&` is skipped, because its character references
/// decode differently in libxml2 and HTML5; the rest is cut into runs of letters and digits.
enum BrowserWords {
  static let hiddenElements: Set<String> = ["script", "style", "title", "textarea", "template"]

  /// The words of `html` in source order.
  static func reference(_ html: String) -> [Substring] {
    var text = ""
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      text += rest[..<open]
      rest = rest[open...]
      if rest.hasPrefix("<!-->") || rest.hasPrefix("<!--->") {
        rest = rest[rest.firstIndex(of: ">")!...].dropFirst()
      } else if rest.hasPrefix("<!--") {
        let end = [rest.range(of: "-->"), rest.range(of: "--!>")].compactMap { $0 }
          .min { $0.lowerBound < $1.lowerBound }
        rest = end.map { rest[$0.upperBound...] } ?? ""
      } else if rest.hasPrefix("<!") || rest.hasPrefix("<?")
        || (rest.hasPrefix("</") && !(rest.dropFirst(2).first?.isLetter ?? false))
      {
        rest = rest.firstIndex(of: ">").map { rest[$0...].dropFirst() } ?? ""
      } else if let first = rest.dropFirst().first, first.isLetter, first.isASCII {
        rest = skipTag(rest, isEndTag: false)
        text += " "
      } else if rest.hasPrefix("</") {
        rest = skipTag(rest.dropFirst(), isEndTag: true)
        text += " "
      } else {
        text += "<"
        rest = rest.dropFirst()
      }
    }
    text += rest
    return words(text)
  }

  /// Skips the tag at `source` (quote-aware), and a hidden element's content after its start.
  private static func skipTag(_ source: Substring, isEndTag: Bool) -> Substring {
    let name = source.dropFirst().prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }
    var rest = source.dropFirst(1 + name.count)
    while let character = rest.first, character != ">" {
      rest = rest.dropFirst()
      if character == "=" {
        rest = rest.drop(while: \.isWhitespace)
        if let quote = rest.first, quote == "\"" || quote == "'" {
          rest = rest.dropFirst().drop { $0 != quote }.dropFirst()
        }
      }
    }
    rest = rest.dropFirst()
    guard !isEndTag, hiddenElements.contains(name.lowercased()) else { return rest }
    // Templates nest; the other hidden elements end at the first matching end tag.
    var depth = 1
    while let end = endTag(of: name, in: rest) {
      if name.lowercased() == "template" {
        depth += rest[..<end].lowercased().ranges(of: "<template").count
      }
      depth -= 1
      if depth == 0 { return rest[end...] }
      rest = rest[end...].dropFirst(2)
    }
    return ""
  }

  /// Where `</name` followed by whitespace, `/` or `>` starts in `text`, if anywhere.
  private static func endTag(of name: Substring, in text: Substring) -> Substring.Index? {
    var rest = text
    while let range = rest.range(of: "</\(name)", options: .caseInsensitive) {
      let next = rest[range.upperBound...].first
      if next == nil || next == ">" || next == "/" || next!.isWhitespace { return range.lowerBound }
      rest = rest[range.upperBound...]
    }
    return nil
  }

  /// The words of already-extracted text.
  static func words(_ text: String) -> [Substring] {
    text.split(whereSeparator: \.isWhitespace).filter { !$0.contains("&") }.flatMap { chunk in
      chunk.split { !$0.isLetter && !$0.isNumber }
    }
  }

  /// The letters and digits of `text`, everything else dropped: word boundaries differ where
  /// libxml2 ignores a stray end tag and merges the text around it, which loses nothing.
  static func letters(_ text: String) -> String {
    String(text.filter { $0.isLetter || $0.isNumber })
  }

  /// Whether each of `words` occurs in `letters`, in order, without overlapping.
  static func occurInOrder(_ words: [Substring], in letters: String) -> Bool {
    var rest = Substring(letters)
    return words.allSatisfy { word in
      guard let range = rest.range(of: word) else { return false }
      rest = rest[range.upperBound...]
      return true
    }
  }
}
