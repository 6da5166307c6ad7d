import RenderCore

extension HostilePattern {
  /// Every pattern the suite runs: nesting of every container, long runs of every delimiter,
  /// unclosed constructs of every kind, and the odd shapes (tabs, controls, line endings,
  /// wide tables, many definitions, very long lines).
  static let all: [HostilePattern] = nesting + delimiterRuns + unclosed + shapes

  static let nesting: [HostilePattern] = [
    HostilePattern("blockquote-nesting") { fill(">", $0, suffix: " x") },
    HostilePattern("blockquote-nesting-spaced") { fill("> ", $0, suffix: "x") },
    HostilePattern("bullet-list-nesting") { fill("- ", $0, suffix: "x") },
    HostilePattern("ordered-list-nesting") { fill("1. ", $0, suffix: "x") },
    HostilePattern("indented-list-nesting") { size in
      (0..<max(1, size / 70)).map { String(repeating: "  ", count: $0 % 64) + "- x\n" }.joined()
    },
    HostilePattern("emphasis-nesting") { nest("*_", "x", "_*", $0) },
    HostilePattern("link-nesting") { nest("[", "a", "](b)", $0) },
    HostilePattern("image-nesting") { nest("![", "a", "](b)", $0) },
    HostilePattern("html-tag-nesting", options: RenderOptions(unsafe: true)) {
      nest("<div>", "x", "</div>", $0)
    },
    HostilePattern("html-comment-nesting", swallowsFollowingText: true) { fill("<!--", $0) },
  ]

  static let delimiterRuns: [HostilePattern] = [
    HostilePattern("backtick-run") { fill("`", $0, suffix: "a") },
    HostilePattern("backtick-runs-varied") { size in
      (0..<max(1, size / 100)).map { String(repeating: "`", count: $0 % 200 + 1) + "a" }.joined()
    },
    HostilePattern("star-run") { fill("*", $0, suffix: "a") },
    HostilePattern("star-words") { fill("*a", $0) },
    HostilePattern("underscore-words") { fill("_a", $0) },
    HostilePattern("tilde-words", options: RenderOptions(extensions: [.strikethrough])) {
      fill("~~a", $0)
    },
    HostilePattern("bracket-run") { fill("[", $0) },
    HostilePattern("bracket-words") { fill("[a", $0) },
    HostilePattern("link-opener-run") { fill("](", $0) },
    HostilePattern("less-than-words") { fill("<a", $0) },
    HostilePattern("ampersand-run") { fill("&#", $0) },
    HostilePattern("backslash-run") { fill("\\", $0) },
  ]

  static let unclosed: [HostilePattern] = [
    HostilePattern("unclosed-links") { fill("[a](", $0) },
    HostilePattern("unclosed-fence") { "```\n" + fill("a\n", $0) },
    HostilePattern("unclosed-html-attribute", options: RenderOptions(unsafe: true)) {
      fill("<a href=\"", $0)
    },
    HostilePattern("unclosed-autolinks") { fill("<http://a", $0) },
    HostilePattern("unclosed-code-spans") { fill("`a ``b ", $0) },
    HostilePattern("unclosed-html-block", options: RenderOptions(unsafe: true)) {
      "<pre>\n" + fill("x\n", $0)
    },
  ]

  static let shapes: [HostilePattern] = [
    HostilePattern("reference-definitions") { size in
      (0..<max(1, size / 24)).map { "[r\($0)]: /u\($0)\n[r\($0)] " }.joined()
    },
    HostilePattern("long-line") { fill("ab ", $0) },
    HostilePattern("tabs") { fill("-\t", $0, suffix: "x") },
    HostilePattern("control-characters") { size in
      let controls = (1..<32).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{7F}\u{0}"
      return fill(controls, size)
    },
    HostilePattern("mixed-line-endings") { fill("a\r\nb\rc\n", $0) },
    HostilePattern("wide-table", options: RenderOptions(extensions: [.tables])) { size in
      fill("|a", size / 3) + "|\n" + fill("|-", size / 3) + "|\n" + fill("|b", size / 3) + "|"
    },
    HostilePattern("setext-headings") { fill("a\n-\n", $0) },
    HostilePattern("character-references") { fill("&#x1F600;&amp;&bogus;", $0) },
    HostilePattern("footnote-references", options: RenderOptions(extensions: [.footnotes])) {
      fill("[^a]", $0)
    },
  ]
}
