/// What an element's name means to text layout, beyond its computed style.
enum ElementRole: Equatable {
  /// Nothing special.
  case other
  /// `a`: its `href` becomes the link of the text inside.
  case link
  /// `img`: its `alt` text stands for it.
  case image
  /// `br`.
  case lineBreak
  /// `hr`.
  case rule
  /// `ol`, `ul`, `menu`, `dir`: each starts its own item numbering.
  case list
  /// `blockquote`.
  case quote
  /// `pre` and its obsolete synonyms.
  case preformatted
  /// `h1`–`h6`.
  case heading(Int8)
  /// `html`, `body`: their background is the page's (the canvas), not a block's.
  case canvas

  /// The role of an element with this (lower-case) name.
  init(name: String) {
    switch name {
    case "a": self = .link
    case "img": self = .image
    case "br": self = .lineBreak
    case "hr": self = .rule
    case "ol", "ul", "menu", "dir": self = .list
    case "blockquote": self = .quote
    case "pre", "listing", "xmp", "plaintext": self = .preformatted
    case "h1": self = .heading(1)
    case "h2": self = .heading(2)
    case "h3": self = .heading(3)
    case "h4": self = .heading(4)
    case "h5": self = .heading(5)
    case "h6": self = .heading(6)
    case "html", "body": self = .canvas
    default: self = .other
    }
  }
}
