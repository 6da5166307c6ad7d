/// Names the GFM construct behind a difference between two engines' normalised outputs,
/// for the constructs Discount reads differently from GitHub's renderer (README, "Discount,
/// honestly"); `ParityClassifier` tries it before its general rules.
///
/// Each rule looks at the outputs' counts of the construct's markup (and then asks that the
/// first difference's excerpt shows the construct) or at the tag where they first differ, and
/// some at the Markdown (a delimiter row, an indented fence):
/// - task lists: different counts of checkboxes or ☐/☑ glyphs;
/// - tagfilter: different counts of an escaped tagfilter tag (`&lt;script`, …);
/// - header-only table, delimiter row without a leading pipe: different counts of `<table`,
///   and one side has a table with `<thead>` and no `<tbody>`, or the Markdown has such a row;
/// - `www.` autolinks: different counts of `href="http://www.`;
/// - link parentheses: the first difference is inside an `<a>` tag whose `href` has a `(`;
/// - fenced code in a list item: the Markdown has an indented fence, and the sides hold
///   different numbers of `<pre>` inside list items;
/// - list after a paragraph: one side closes the paragraph and opens a list where the other
///   is still inside the paragraph;
/// - `<details>` in a paragraph: one side opens `<p>` right before `<details>` or
///   `</details>`.
struct GFMConstructClassifier: Sendable {
  /// The tags cmark-gfm's tagfilter escapes.
  private static let filteredTags = [
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
  ]

  /// The construct behind the first difference (at UTF-8 `offset`) of `first` and `second`,
  /// the normalised outputs for `markdown`; `nil` when no rule holds.
  func classify(
    _ first: String, _ second: String, markdown: String, difference: TextDifference
  ) -> ParityCategory? {
    let sides = [first, second]
    let offset = difference.offset
    // Counts say which construct differs somewhere; the excerpt must show it, so that a
    // chapter still counts under the category of its first difference.
    let near = { (markers: [String]) in markers.contains { difference.excerpt.contains($0) } }
    if differ(sides, in: ["type=\"checkbox\""])
      || differ(sides, in: ["☐", "☑", "&#x2610;", "&#x2611;"]),
      near(["checkbox", "☐", "☑", "&#x261", "[ ]", "[x]", "[X]"])
    {
      return .taskLists
    }
    if differ(sides, in: Self.filteredTags.map { "&lt;" + $0 }), near(Self.filteredTags) {
      return .tagFilter
    }
    if differ(sides, in: ["<table"]), near(["<table", "|"]) {
      if sides.contains(where: Self.hasHeaderOnlyTable) { return .headerOnlyTable }
      if Self.hasDelimiterRowWithoutLeadingPipe(markdown) { return .delimiterRowWithoutLeadingPipe }
    }
    if differ(sides, in: ["href=\"http://www."]), near(["www."]) { return .wwwAutolinks }
    let tagStart = Self.tagStart(in: first, before: offset)
    let fromTag = sides.map { side in tagStart.map { Self.suffix(of: side, from: $0) } ?? "" }
    if fromTag.contains(where: Self.isLinkWithParentheses) { return .linkParentheses }
    let open = sides.map { OpenElements(in: $0, before: offset) }
    if Self.hasIndentedFence(markdown), differ(sides, by: Self.codeBlocksInListItems),
      near(["<pre", "<code", "<li", "</li", "```", "~~~"])
    {
      return .fencedCodeInListItem
    }
    let atDifference = sides.map { Self.suffix(of: $0, from: offset) }
    if open.contains(where: { $0.contains("p") }),
      atDifference.contains(where: {
        Self.startsWith($0, ["</p>", "<ul"]) || Self.startsWith($0, ["</p>", "<ol"])
      })
    {
      return .listAfterParagraph
    }
    if fromTag.contains(where: {
      Self.startsWith($0, ["<p>", "<details"]) || Self.startsWith($0, ["<p>", "</details"])
    }) {
      return .detailsInParagraph
    }
    return nil
  }

  /// Whether the two sides hold different total counts of `needles`.
  private func differ(_ sides: [String], in needles: [String]) -> Bool {
    let counts = sides.map { side in needles.reduce(0) { $0 + side.ranges(of: $1).count } }
    return counts[0] != counts[1]
  }

  /// Whether the two sides give different values of `measure`.
  private func differ(_ sides: [String], by measure: (String) -> Int) -> Bool {
    measure(sides[0]) != measure(sides[1])
  }

  /// How many `<pre>` of `html` lie inside a list item, in one pass over its tags.
  private static func codeBlocksInListItems(_ html: String) -> Int {
    var depth = 0
    var count = 0
    var rest = html.utf8[...]
    while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
      rest = rest[rest.index(after: open)...]
      if rest.starts(with: "li".utf8) {
        depth += 1
      } else if rest.starts(with: "/li".utf8) {
        depth = max(0, depth - 1)
      } else if rest.starts(with: "pre".utf8), depth > 0 {
        count += 1
      }
    }
    return count
  }

  /// Whether some `<table>` of `html` has a `<thead>` and no `<tbody>`.
  private static func hasHeaderOnlyTable(_ html: String) -> Bool {
    html.split(separator: "<table", omittingEmptySubsequences: false).dropFirst().contains {
      table in
      let body = table.split(separator: "</table>", maxSplits: 1).first ?? table
      return body.contains("<thead") && !body.contains("<tbody")
    }
  }

  /// Whether a line of `markdown` is a table delimiter row (`-`, `:`, `|` and blanks, with
  /// at least one `-` and one `|`) that does not start with `|`.
  private static func hasDelimiterRowWithoutLeadingPipe(_ markdown: String) -> Bool {
    markdown.split(separator: "\n").contains { line in
      let row = line.drop { $0 == " " }
      return row.first.map { $0 == "-" || $0 == ":" } == true && row.contains("|")
        && row.contains("-") && row.allSatisfy { "-:| \t".contains($0) }
    }
  }

  /// Whether a line of `markdown` opens a fence (```` ``` ```` or `~~~`) after indentation,
  /// as inside a list item.
  private static func hasIndentedFence(_ markdown: String) -> Bool {
    markdown.split(separator: "\n").contains { line in
      let fence = line.drop { $0 == " " || $0 == "\t" }
      return fence.count < line.count && (fence.hasPrefix("```") || fence.hasPrefix("~~~"))
    }
  }

  /// Whether `html` starts with an `<a …>` tag whose `href` holds a `(`.
  private static func isLinkWithParentheses(_ html: Substring) -> Bool {
    guard html.hasPrefix("<a "), let end = html.firstIndex(of: ">") else { return false }
    let tag = html[..<end]
    guard let href = tag.ranges(of: "href=\"").first else { return false }
    return tag[href.upperBound...].prefix { $0 != "\"" }.contains("(")
  }

  /// Whether `html` is `tags` in order, with only blanks between them.
  private static func startsWith(_ html: Substring, _ tags: [String]) -> Bool {
    var rest = html
    for tag in tags {
      rest = rest.drop { $0 == " " || $0 == "\n" }
      guard rest.hasPrefix(tag) else { return false }
      rest = rest.dropFirst(tag.count)
    }
    return true
  }

  /// The UTF-8 offset of the `<` of the tag that `offset` falls inside, if it does.
  private static func tagStart(in html: String, before offset: Int) -> Int? {
    let bytes = Array(html.utf8.prefix(offset))
    guard let open = bytes.lastIndex(of: UInt8(ascii: "<")) else { return nil }
    return bytes[open...].contains(UInt8(ascii: ">")) ? nil : open
  }

  /// `html` from UTF-8 `offset` on (offsets here fall on character boundaries).
  private static func suffix(of html: String, from offset: Int) -> Substring {
    let utf8 = html.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))
    return html[start...]
  }
}
