/// What an ``HTMLSanitizer`` lets through: elements, attributes per element, and URL schemes
/// per URL attribute. Everything else is removed; only what is listed here survives.
///
/// The default follows GitHub's spirit: text formatting, headings, lists, tables, code, quotes,
/// links (`http`, `https`, `mailto`, relative) and images (`http`, `https`, relative, `data:`
/// PNG, GIF, JPEG and WebP), with no `style`, no event handlers, no `id` or `name` (they could
/// clobber the host page's script globals), no forms, frames, objects, SVG or MathML.
///
/// ```swift
/// var policy = SanitizerPolicy.default
/// policy.allowedElements.insert("video")
/// policy.allowedAttributes["video", default: []].formUnion(["src", "controls"])
/// policy.urlSchemes["src"] = ["https"]
/// let sanitizer = HTMLSanitizer(policy: policy)
/// ```
public struct SanitizerPolicy: Sendable, Hashable {
  /// The elements kept (lower-case names). Others are unwrapped: their text and allowed
  /// descendants stay, the tag goes.
  public var allowedElements: Set<String>
  /// The attributes kept, by element name; the entry `"*"` applies to every allowed element.
  public var allowedAttributes: [String: Set<String>]
  /// The attributes that hold a URL, each with the schemes it may use; a relative URL is
  /// always allowed, and `URLSafety` has the last word (so `data:` admits images
  /// only). A URL attribute that fails is removed.
  public var urlSchemes: [String: Set<String>]
  /// Elements removed together with everything inside them (script, style, frames, objects,
  /// SVG, MathML, the document head…), because their content is code or not meant as text.
  public var removedWithContent: Set<String>

  /// Creates a policy from its four lists.
  public init(
    allowedElements: Set<String>, allowedAttributes: [String: Set<String>],
    urlSchemes: [String: Set<String>], removedWithContent: Set<String>
  ) {
    self.allowedElements = allowedElements
    self.allowedAttributes = allowedAttributes
    self.urlSchemes = urlSchemes
    self.removedWithContent = removedWithContent
  }

  /// The GitHub-like default described above.
  public static let `default` = SanitizerPolicy(
    allowedElements: [
      "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col",
      "colgroup", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure",
      "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p",
      "pre", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub",
      "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u",
      "ul", "var", "wbr",
    ],
    allowedAttributes: [
      "*": ["title", "lang", "dir", "class"],
      "a": ["href"],
      "img": ["src", "alt", "width", "height"],
      "blockquote": ["cite"], "q": ["cite"], "del": ["cite", "datetime"],
      "ins": ["cite", "datetime"], "time": ["datetime"],
      "ol": ["start", "reversed"], "li": ["value"],
      "td": ["colspan", "rowspan", "align"], "th": ["colspan", "rowspan", "align", "scope"],
      "col": ["span"], "colgroup": ["span"], "details": ["open"],
    ],
    urlSchemes: [
      "href": ["http", "https", "mailto"],
      "src": ["http", "https", "data"],
      "cite": ["http", "https"],
    ],
    removedWithContent: [
      "head", "title", "script", "style", "template", "noscript", "iframe", "frame", "frameset",
      "noframes", "object", "embed", "applet", "svg", "math", "textarea", "select", "xmp",
      "plaintext", "noembed", "canvas",
    ])
}
