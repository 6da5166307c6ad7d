/// What an HTML sanitizer (HTMLImport's `HTMLSanitizer`) and the raw HTML of Markdown let
/// through: elements, attributes per element, and URL schemes
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

  /// What an element becomes under the policy.
  package enum Treatment: Sendable {
    /// Kept, with its allowed attributes.
    case keep
    /// Left out; its content stays.
    case unwrap
    /// Left out with everything inside it.
    case drop
  }

  /// What the element `name` (lower-case) becomes.
  package func treatment(of name: String) -> Treatment {
    if removedWithContent.contains(name) { return .drop }
    return allowedElements.contains(name) ? .keep : .unwrap
  }

  /// Whether the element `element` keeps the attribute `name` with `value` (decoded): allowed
  /// for every element or for this one, and a URL attribute's URL allowed. In a `srcset`,
  /// every candidate's URL must be.
  package func keepsAttribute(_ name: String, value: String, of element: String) -> Bool {
    guard
      allowedAttributes["*"]?.contains(name) == true
        || allowedAttributes[element]?.contains(name) == true
    else { return false }
    guard let schemes = urlSchemes[name] else { return true }
    guard name == "srcset" else { return URLSafety.isAllowed(value, schemes: schemes) }
    return value.split(separator: ",").allSatisfy { candidate in
      let url = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first
      return URLSafety.isAllowed(url.map(String.init) ?? "", schemes: schemes)
    }
  }

  /// `document` with only what the policy allows: the document-level twin of the sanitizer's
  /// writer, for a document imported whole from an engine's HTML with raw HTML in it.
  package func applied(to document: Document) -> Document {
    var copy = Document()
    copy.metadata = document.metadata
    copy.reserveCapacity(document.nodes.count)
    // For each node entered: where its children go in the copy.
    var open: [Document.NodeID] = [copy.root]
    document.walk(
      below: document.root,
      enter: { id in
        let node = document.nodes[id]
        let parent = open[open.count - 1]
        if node.kind == .text {
          copy.appendText(node.text, to: parent)
          return false
        }
        switch treatment(of: node.name) {
        case .drop: return false
        case .unwrap: open.append(parent)
        case .keep:
          let attributes = node.attributes.filter {
            keepsAttribute($0.name, value: $0.value, of: node.name)
          }
          open.append(copy.appendElement(node.name, attributes: attributes, to: parent))
        }
        return true
      },
      leave: { _ in open.removeLast() })
    return copy
  }

  /// What a document imported whole from an engine's HTML keeps when its raw HTML passes
  /// GitHub's allowlist: ``gitHub`` and the markup engines write for their own syntax
  /// (footnotes' sections, classes and data attributes, task-list checkboxes and classes, code's
  /// language classes, source positions), which raw HTML there cannot be told from.
  package static let gitHubWithEngineMarkup: SanitizerPolicy = {
    var policy = gitHub
    policy.allowedElements.formUnion(["section", "input", "html", "body"])
    policy.allowedAttributes["*", default: []].formUnion([
      "data-footnotes", "data-footnote-ref", "data-footnote-backref", "aria-label",
      "data-sourcepos",
    ])
    for element in ["a", "code", "div", "li", "pre", "section", "sup"] {
      policy.allowedAttributes[element, default: []].insert("class")
    }
    policy.allowedAttributes["input", default: []].formUnion(["type", "checked", "disabled"])
    return policy
  }()

  /// GitHub's allowlist for the HTML in Markdown, as its sanitization filter keeps it
  /// (html-pipeline's `SanitizationFilter`): its elements, its attributes for every element
  /// (`align`, `width`, `height`, `id`, `name`, `open` among them; no `class`, no `style`)
  /// and per element, links to `http`, `https`, `mailto` and `xmpp`, images and quotes'
  /// sources to `http` and `https`, relative URLs always. `id` and `name` are safe to keep only
  /// prefixed (`user-content-`), as GitHub does: the `gfm` profile's passes prefix them.
  public static let gitHub = SanitizerPolicy(
    allowedElements: [
      "h1", "h2", "h3", "h4", "h5", "h6", "br", "b", "i", "strong", "em", "a", "pre", "code",
      "img", "tt", "div", "ins", "del", "sup", "sub", "p", "picture", "ol", "ul", "table",
      "thead", "tbody", "tfoot", "blockquote", "dl", "dt", "dd", "kbd", "q", "samp", "var", "hr",
      "ruby", "rt", "rp", "li", "tr", "td", "th", "s", "strike", "summary", "details", "caption",
      "figure", "figcaption", "abbr", "bdo", "cite", "dfn", "mark", "small", "source", "span",
      "time", "wbr",
    ],
    allowedAttributes: [
      "a": ["href"],
      "img": ["src", "longdesc", "loading", "alt"],
      "div": ["itemscope", "itemtype"],
      "blockquote": ["cite"], "del": ["cite"], "ins": ["cite"], "q": ["cite"],
      "source": ["srcset"],
      "*": [
        "abbr", "accept", "accept-charset", "accesskey", "action", "align", "alt",
        "aria-describedby", "aria-hidden", "aria-label", "aria-labelledby", "axis", "border",
        "char", "charoff", "charset", "checked", "clear", "cols", "colspan", "compact", "coords",
        "datetime", "dir", "disabled", "enctype", "for", "frame", "headers", "height",
        "hreflang", "hspace", "id", "ismap", "label", "lang", "maxlength", "media", "method",
        "multiple", "name", "nohref", "noshade", "nowrap", "open", "progress", "prompt",
        "readonly", "rel", "rev", "role", "rows", "rowspan", "rules", "scope", "selected",
        "shape", "size", "span", "start", "summary", "tabindex", "title", "type", "usemap",
        "valign", "value", "width", "itemprop",
      ],
    ],
    urlSchemes: [
      "href": ["http", "https", "mailto", "xmpp"],
      "src": ["http", "https"], "longdesc": ["http", "https"], "cite": ["http", "https"],
      "srcset": ["http", "https"], "itemtype": ["http", "https"],
    ],
    removedWithContent: SanitizerPolicy.default.removedWithContent)

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
