/// The one table of what HTML's syntax says about element names: which have no end tag, and
/// whose content is not markup. The serializer, the importer's repairs, the page title's scan
/// and the parity tools all read it, so they cannot disagree about an element.
package enum HTMLElements {
  /// Elements written without an end tag: the HTML standard's list for serialising, that is
  /// the void elements and the legacy ones a browser also parses as void (`basefont`,
  /// `bgsound`, `frame`, `keygen`, `param`).
  package static let void: Set<String> = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
    "keygen", "link", "meta", "param", "source", "track", "wbr",
  ]

  /// Elements whose content HTML reads as raw text, up to their own end tag (`plaintext`:
  /// to the end of the input).
  package static let rawText: Set<String> = [
    "script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext",
  ]

  /// Elements whose content is text with character references but no tags (`title`,
  /// `textarea`).
  package static let escapableRawText: Set<String> = ["title", "textarea"]

  /// Elements whose first newline a parser drops, so a leading newline must be doubled.
  package static let leadingNewline: Set<String> = ["pre", "textarea", "listing"]
}
