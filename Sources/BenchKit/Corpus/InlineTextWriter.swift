/// Writes the inline side of generated Markdown: sentences whose words carry emphasis,
/// links, code spans, entities, quotes and dashes, at the rates real documents show.
struct InlineTextWriter {
  /// The generator every choice comes from.
  var random: SeededGenerator

  private static let words = """
    the a of to and in is it that for on with as this by be are from at or an was which \
    file branch commit change server client remote project history version tree merge tag \
    index object repository command option output input value default reference patch \
    developer workflow review release build test configuration network storage cache layer \
    quickly simply usually often never always carefully together separately locally \
    create update delete fetch push pull rebase clone track stage record inspect compare \
    small large simple complex early later shared private public stable experimental \
    naïve café résumé Zürich straße 東京 данные données μέρος
    """.split(separator: " ").map(String.init)

  private static let hosts = [
    "https://example.com", "https://docs.example.org", "http://git-scm.com",
    "https://www.example.net",
  ]

  private static let entities = [
    "&amp;", "&copy;", "&mdash;", "&nbsp;", "&lt;", "&gt;", "&#169;", "&#x2014;", "&quot;",
  ]

  private static let codeSnippets = [
    "git commit -a", "let x = 1", "a < b && c > d", "HEAD~2", "--no-ff", "*not emphasis*",
    "printf(\"%d\\n\", n)", "x <= y", "`", "<br>",
  ]

  /// A word from the vocabulary.
  mutating func word() -> String {
    random.pick(Self.words)
  }

  /// `count` words separated by spaces.
  mutating func words(_ count: Int) -> String {
    (0..<count).map { _ in word() }.joined(separator: " ")
  }

  /// One sentence: capitalised, with inline constructs, ending in punctuation.
  mutating func sentence() -> String {
    var parts: [String] = []
    for _ in 0..<random.int(in: 4...16) {
      parts.append(inlinePiece())
    }
    var sentence = parts.joined(separator: " ")
    if let first = sentence.first, first.isLetter {
      sentence = first.uppercased() + sentence.dropFirst()
    }
    return sentence + random.pick([".", ".", ".", "!", "?", "...", ":"])
  }

  /// Sentences wrapped at about 72 columns, as people write paragraphs.
  mutating func wrappedSentences(_ count: Int, prefix: String = "") -> String {
    var lines: [String] = []
    var line = ""
    let text = (0..<count).map { _ in sentence() }.joined(separator: " ")
    for token in text.split(separator: " ") {
      if !line.isEmpty && line.count + token.count > 72 {
        lines.append(prefix + line + (random.chance(3) ? "  " : ""))
        line = ""
      }
      line += line.isEmpty ? token : " " + token
    }
    if !line.isEmpty { lines.append(prefix + line) }
    return lines.joined(separator: "\n")
  }

  /// A link destination.
  mutating func url() -> String {
    "\(random.pick(Self.hosts))/\(word())/\(random.int(in: 1...999))"
  }

  private mutating func inlinePiece() -> String {
    switch random.int(in: 0...99) {
    case 0..<6: return "*\(words(random.int(in: 1...3)))*"
    case 6..<10: return "**\(words(random.int(in: 1...2)))**"
    case 10..<12: return "_\(word())_"
    case 12..<15: return "`\(random.pick(Self.codeSnippets).replacingBackticks())`"
    case 15..<19: return "[\(words(random.int(in: 1...3)))](\(url()))"
    case 19..<20: return "[\(word())](\(url()) \"\(words(2))\")"
    case 20..<21: return "<\(url())>"
    case 21..<23: return random.pick(Self.entities)
    case 23..<26: return "\"\(words(random.int(in: 1...3)))\""
    case 26..<28: return "it's"
    case 28..<29: return "--"
    case 29..<30: return "<kbd>\(word())</kbd>"
    case 30..<31: return "<span class=\"note\">\(words(2))</span>"
    case 31..<32: return "![\(word())](/images/\(word()).png)"
    case 32..<33: return "[\(word())][ref\(random.int(in: 1...3))]"
    case 33..<34: return "a\\*b"
    case 34..<35: return "***\(word())***"
    default: return word()
    }
  }
}

extension String {
  /// The snippet with any backtick made safe for a single-backtick code span.
  fileprivate func replacingBackticks() -> String {
    contains("`") ? "'" : self
  }
}
