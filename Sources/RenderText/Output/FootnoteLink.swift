/// How text outputs tell a footnote's links from other links, by their target: the one rule
/// plain text and the terminal share.
package enum FootnoteLink {
  /// Whether a link leads to a footnote: `#fn-1` (cmark-gfm) or `#fn:1` (Discount), also with
  /// GitHub's `user-content-` prefix (`#user-content-fn-1`).
  package static func isReference(_ link: String) -> Bool {
    let target = unprefixed(link)
    return target.hasPrefix("fn-") || target.hasPrefix("fn:")
  }

  /// Whether a link leads back from a footnote to its reference (`#fnref-1`, `#fnref:1`, or
  /// prefixed).
  package static func isBackReference(_ link: String) -> Bool {
    unprefixed(link).hasPrefix("fnref")
  }

  /// The link's target after `#` and any `user-content-`; empty when it is not in the page.
  private static func unprefixed(_ link: String) -> Substring {
    guard link.first == "#" else { return "" }
    let target = link.dropFirst()
    return target.hasPrefix("user-content-") ? target.dropFirst(13) : target
  }
}
