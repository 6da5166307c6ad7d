/// Decides why two engines' normalised outputs for the same Markdown differ.
///
/// The rules are heuristics, tried in this order (the first that holds wins):
/// 1. smart punctuation: equal after folding `“ ” „ ‘ ’ – — …` (and `&quot;`, `&#39;`) to ASCII;
/// 2. tabs: the input has a tab, and the outputs are equal after folding tabs and runs of
///    spaces to one space;
/// 3. extensions: the sides hold different numbers of extension elements (`table`, `del`,
///    `s`, `sup`, `dl`, footnote references);
/// 4. sanitiser: near the first difference (30 bytes before, 50 after) either side shows
///    omitted or escaped raw HTML (`<!--`, `&lt;`) or a dropped or dangerous URL;
/// 5. code: at the first difference either side is inside `<pre>` or `<code>`;
/// 6. lists: at the first difference either side is inside a list, or starts or ends one;
/// 7. other.
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
    if Self.foldingPunctuation(first) == Self.foldingPunctuation(second) {
      return .smartPunctuation
    }
    if markdown.contains("\t"), Self.foldingSpace(first) == Self.foldingSpace(second) {
      return .tabs
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
    let listTags = ["ul", "ol", "li"]
    if open.contains(where: { elements in listTags.contains(where: elements.contains) })
      || [first, second].contains(where: { Self.startsListTag($0, at: difference.offset) })
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

  /// Whether `text` has a list tag (`<ul`, `</ol`, `<li`, …) starting just before `offset`.
  private static func startsListTag(_ text: String, at offset: Int) -> Bool {
    let bytes = Array(text.utf8)
    var start = min(offset, bytes.count)
    while start > 0, offset - start < 5, bytes[start] != UInt8(ascii: "<") { start -= 1 }
    let tail = String(decoding: bytes[start..<min(bytes.count, start + 4)], as: UTF8.self)
    return ["<ul", "<ol", "<li", "</ul", "</ol", "</li"].contains(where: tail.hasPrefix)
  }
}
