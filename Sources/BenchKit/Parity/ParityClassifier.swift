/// Decides why two engines' normalised outputs for the same Markdown differ.
///
/// The rules are heuristics, tried in this order (the first that holds wins):
/// 1. smart punctuation: equal after folding `“ ” „ ‘ ’ – — …` (and `&quot;`, `&#39;`) to
///    ASCII, or the first difference is at one of those characters;
/// 2. tabs: the input has a tab, and the outputs are equal after folding tabs and runs of
///    spaces to one space, or the first difference is at a tab on either side;
/// 3. a GFM construct Discount reads differently (`GFMConstructClassifier` lists its rules);
/// 4. extensions: the sides hold different numbers of extension elements (`table`, `del`,
///    `s`, `sup`, `dl`, footnote references);
/// 5. sanitiser: near the first difference (30 bytes before, 50 after) either side shows
///    omitted or escaped raw HTML (`<!--`, `&lt;`) or a dropped or dangerous URL;
/// 6. code: at the first difference either side is inside `<pre>` or `<code>`;
/// 7. lists: at the first difference either side starts or ends a list or list item, or,
///    inside a list item, a paragraph (tight against loose lists);
/// 8. other.
///
/// A chapter counts once, under the category of its first difference.
package struct ParityClassifier: Sendable {
  private static let punctuationFolds: [(String, String)] = [
    ("“", "\""), ("”", "\""), ("„", "\""), ("&quot;", "\""), ("‘", "'"), ("’", "'"),
    ("&#39;", "'"), ("—", "---"), ("–", "--"), ("…", "..."),
  ]

  private static let extensionTags = ["<table", "<del", "<s>", "<sup", "<dl", "class=\"footnote"]

  private static let sanitiserMarkers = [
    "<!--", "&lt;", "href=\"\"", "src=\"\"", "javascript:", "vbscript:", "data:", "file:",
  ]

  /// Creates a classifier.
  package init() {}

  /// The category of the difference between `first` and `second`, the normalised outputs
  /// for `markdown`; `nil` when they are equal.
  package func classify(_ first: String, _ second: String, markdown: String) -> ParityCategory? {
    guard let difference = TextDifference(first, second) else { return nil }
    let differing = [first, second].map { Self.character(in: $0, at: difference.offset) }
    if Self.foldingPunctuation(first) == Self.foldingPunctuation(second)
      || differing.contains(where: { $0.map(Self.isSmartPunctuation) ?? false })
    {
      return .smartPunctuation
    }
    if markdown.contains("\t"),
      Self.foldingSpace(first) == Self.foldingSpace(second) || differing.contains("\t")
    {
      return .tabs
    }
    if let construct = GFMConstructClassifier().classify(
      first, second, markdown: markdown, difference: difference)
    {
      return construct
    }
    for tag in Self.extensionTags where Self.count(tag, in: first) != Self.count(tag, in: second) {
      return .extensions
    }
    if Self.sanitiserMarkers.contains(where: difference.excerpt.contains) {
      return .sanitiser
    }
    let open = [first, second].map { OpenElements(in: $0, before: difference.offset) }
    if open.contains(where: { $0.contains("pre") || $0.contains("code") }) {
      return .code
    }
    let tags = [first, second].compactMap { Self.tag(in: $0, at: difference.offset) }
    let listTags = ["ul", "ol", "li"]
    if tags.contains(where: { listTags.contains($0) })
      || (open.contains { $0.contains("li") } && tags.contains("p"))
    {
      return .lists
    }
    return .other
  }

  private static func foldingPunctuation(_ text: String) -> String {
    punctuationFolds.reduce(text) { $0.replacing($1.0, with: $1.1) }
  }

  private static func foldingSpace(_ text: String) -> String {
    var folded = ""
    var previousWasSpace = false
    for character in text {
      let isSpace = character == " " || character == "\t"
      if !(isSpace && previousWasSpace) { folded.append(isSpace ? " " : character) }
      previousWasSpace = isSpace
    }
    return folded
  }

  private static func count(_ needle: String, in text: String) -> Int {
    text.ranges(of: needle).count
  }

  private static func isSmartPunctuation(_ character: Character) -> Bool {
    "“”„‘’–—…".contains(character)
  }

  /// The character that starts at UTF-8 `offset` of `text`, if any.
  private static func character(in text: String, at offset: Int) -> Character? {
    let utf8 = text.utf8
    guard offset < utf8.count else { return nil }
    let index = utf8.index(utf8.startIndex, offsetBy: offset)
    guard let start = index.samePosition(in: text) else { return nil }
    return text[start]
  }

  /// The name of the tag (`ul` for `<ul>` or `</ul>`) that `offset` of `text` falls in or
  /// just before, looking back at most 5 bytes for its `<`; `nil` outside a tag.
  private static func tag(in text: String, at offset: Int) -> String? {
    let bytes = Array(text.utf8)
    var start = min(offset, bytes.count - 1)
    while start > 0, offset - start < 5, bytes[start] != UInt8(ascii: "<") { start -= 1 }
    guard start >= 0, start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return nil }
    var end = start + 1
    if end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
    let nameStart = end
    while end < bytes.count, bytes[end] >= UInt8(ascii: "a"), bytes[end] <= UInt8(ascii: "z") {
      end += 1
    }
    return String(decoding: bytes[nameStart..<end], as: UTF8.self)
  }
}
