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
  /// `input`: a checkbox shows as a task box (``TaskState``).
  case input

  /// The role of an element with this (lower-case) name.
  init(name: String) {
    self = Self.roles[name] ?? .other
  }

  /// Every name with a role other than ``other``: one hash lookup per element. A `switch`
  /// would compare the name with each case in turn, and most elements (`p`, `li`, `code`,
  /// `em`) match none, so they would pay for every comparison.
  private static let roles: [String: ElementRole] = [
    "a": .link, "img": .image, "br": .lineBreak, "hr": .rule,
    "ol": .list, "ul": .list, "menu": .list, "dir": .list,
    "blockquote": .quote,
    "pre": .preformatted, "listing": .preformatted, "xmp": .preformatted,
    "plaintext": .preformatted,
    "h1": .heading(1), "h2": .heading(2), "h3": .heading(3), "h4": .heading(4),
    "h5": .heading(5), "h6": .heading(6),
    "html": .canvas, "body": .canvas, "input": .input,
  ]
}
