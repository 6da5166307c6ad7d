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

  /// HTML's element and attribute names, numbered by their place here in every ``Document``
  /// (``DocumentName``): the first two stand for the root and for text. Names not listed are
  /// numbered by the document that uses them.
  package static let vocabulary: [String] = [
    "#document", "#text",
    // Elements.
    "html", "head", "body", "title", "meta", "link", "style", "script", "noscript", "base",
    "p", "div", "span", "a", "em", "strong", "b", "i", "u", "s", "del", "ins", "mark", "small",
    "sub", "sup", "code", "kbd", "samp", "var", "pre", "blockquote", "q", "cite", "abbr", "br",
    "hr", "img", "picture", "source", "video", "audio", "track", "iframe", "embed", "object",
    "param", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "table",
    "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td", "section",
    "article", "aside", "nav", "header", "footer", "main", "figure", "figcaption", "details",
    "summary", "form", "input", "button", "select", "option", "textarea", "label", "fieldset",
    "legend", "area", "map", "wbr", "svg", "math", "template", "slot", "time", "data",
    "address", "center", "font", "tt", "big", "strike", "xmp", "listing", "plaintext",
    "noembed", "noframes", "frame", "frameset", "basefont", "bgsound", "keygen", "menu",
    "dfn", "bdi", "bdo", "ruby", "rt", "rp", "output", "progress", "meter", "canvas",
    "dialog", "hgroup", "search",
    // Attributes.
    "id", "class", "href", "src", "alt", "name", "type", "value", "lang", "dir", "rel",
    "target", "width", "height", "align", "valign", "colspan", "rowspan", "start",
    "checked", "disabled", "open", "hidden", "content", "charset", "http-equiv", "role",
    "aria-hidden", "aria-label", "tabindex", "srcset", "sizes", "loading", "media",
    "datetime", "border", "cellpadding", "cellspacing", "color", "face", "size", "bgcolor",
    "nowrap", "data-footnotes", "data-footnote-ref", "data-footnote-backref",
  ]
}
