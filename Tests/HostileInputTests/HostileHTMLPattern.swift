/// Generated adversarial HTML for the importer: nesting, unclosed constructs and runs that
/// stress a parser rather than a Markdown engine.
enum HostileHTMLPattern {
  /// Each pattern's name and its text at about `size` bytes.
  static let all: [(name: String, make: @Sendable (Int) -> String)] = [
    ("div-nesting", { HostilePattern.nest("<div>", "x", "</div>", $0) }),
    ("unclosed-div-nesting", { HostilePattern.fill("<div>", $0) }),
    ("inline-nesting", { HostilePattern.nest("<b><i>", "x", "</i></b>", $0) }),
    ("table-nesting", { HostilePattern.fill("<table><tr><td>", $0) }),
    ("list-nesting", { HostilePattern.fill("<ul><li>", $0) }),
    ("unclosed-attribute", { HostilePattern.fill("<a href=\"", $0) }),
    ("comment-openers", { HostilePattern.fill("<!--", $0) }),
    ("cdata-openers", { HostilePattern.fill("<![CDATA[", $0) }),
    ("less-than-run", { HostilePattern.fill("<", $0) }),
    ("ampersand-run", { HostilePattern.fill("&#", $0) }),
    ("unclosed-script", { "<script>" + HostilePattern.fill("x", $0) }),
    ("many-attributes", { "<p " + HostilePattern.fill("a=b ", $0) + ">x</p>" }),
    ("long-attribute", { "<p title=\"" + HostilePattern.fill("x", $0) + "\">x</p>" }),
    ("end-tags-only", { HostilePattern.fill("</div></p></table>", $0) }),
    ("processing-instructions", { HostilePattern.fill("<?x ", $0) }),
    (
      "control-characters",
      { size in
        let controls = (1..<32).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{7F}\u{0}"
        return HostilePattern.fill(controls, size)
      }
    ),
  ]
}
