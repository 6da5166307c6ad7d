import HTMLImport
import RenderCore

/// Rewrites HTML into a canonical form, so two engines' outputs (or an engine's output and the
/// CommonMark spec's expected HTML) can be compared with `==`. A measuring tool, not part of
/// the product: renderbench's parity and conformance figures and the tests use it.
///
/// The rules are DESIGN.md's parity rules. The HTML is parsed with libxml2 (like any import),
/// then: whitespace runs outside `<pre>` collapse to one space; whitespace next to a block tag
/// goes; void elements are written `<br>` (so `<br />`, `<br/>` and `<br>` agree); names are
/// lower-case and attributes sorted; character references are decoded except `<`, `>`, `&`
/// and `"`, which are always written `&lt;`, `&gt;`, `&amp;` and `&quot;`; `data-sourcepos` is
/// dropped; a `language-` prefix on a `code` element's classes is dropped. Comments, doctypes
/// and the `html`, `head` and `body` tags (often implied) are left out; their content stays.
///
/// ```swift
/// HTMLNormalizer.normalize("<P CLASS=x>a  &amp;\n b<br /></P>")  // "<p class=\"x\">a &amp; b<br></p>"
/// ```
package enum HTMLNormalizer {
  /// The canonical form of `html`; `html` itself if libxml2 cannot parse it (over 2 GiB).
  package static func normalize(_ html: String) -> String {
    guard let document = try? HTMLImporter(limits: .unbounded).importDocument(html: html) else {
      return html
    }
    var tokens = NormalizedToken.tokens(of: document)
    dropWhitespaceAroundBlocks(&tokens)
    var output = ""
    for token in tokens { token.write(to: &output) }
    return output
  }

  /// Trims the whitespace that touches a block tag (or either end of the document) from the
  /// collapsed text beside it.
  private static func dropWhitespaceAroundBlocks(_ tokens: inout [NormalizedToken]) {
    for index in tokens.indices {
      guard case .text(let text, preformatted: false) = tokens[index] else { continue }
      var trimmed = Substring(text)
      if index == tokens.startIndex || tokens[index - 1].isBlockTag {
        trimmed = trimmed.drop { $0 == " " }
      }
      if index == tokens.index(before: tokens.endIndex) || tokens[index + 1].isBlockTag {
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
      }
      tokens[index] = .text(String(trimmed), preformatted: false)
    }
  }
}
