import RenderText

/// Text written around a run so that a reader sees what it is where the terminal cannot show
/// it: images and footnote references always (a terminal shows neither a picture nor a
/// raised number), and, without colour, what bold, italics and code would have shown.
///
/// The cases are in nesting order: a run's markers open in this order and close in reverse.
enum TerminalMarker: CaseIterable {
  /// `[image: alt]`.
  case image
  /// `[1]`.
  case footnoteReference
  /// `~~struck~~`, without colour.
  case strikethrough
  /// `**strong**`, without colour (not in headings or header rows, which are marked anyway).
  case bold
  /// `_emphasis_`, without colour.
  case italic
  /// `` `code` ``, without colour (not in code blocks, which are indented anyway).
  case code

  var opening: String {
    switch self {
    case .image: "[image: "
    case .footnoteReference: "["
    case .strikethrough: "~~"
    case .bold: "**"
    case .italic: "_"
    case .code: "`"
    }
  }

  var closing: String {
    switch self {
    case .image, .footnoteReference: "]"
    default: opening
    }
  }

  /// The markers of a run of `style` in `block`, in nesting order.
  static func markers(
    for style: TextStyle, in block: TextBlock, showsStyles: Bool
  ) -> [TerminalMarker] {
    var markers: [TerminalMarker] = []
    if style.imageURL != nil { markers.append(.image) }
    if let link = style.link, isFootnoteReference(link) { markers.append(.footnoteReference) }
    guard !showsStyles else { return markers }
    if style.strikethrough { markers.append(.strikethrough) }
    if style.isBold, block.kind != .heading, !block.isHeaderRow { markers.append(.bold) }
    if style.italic { markers.append(.italic) }
    if style.monospace, block.kind != .codeBlock { markers.append(.code) }
    return markers
  }

  /// Whether a link leads to a footnote (``RenderText/FootnoteLink``).
  static func isFootnoteReference(_ link: String) -> Bool {
    FootnoteLink.isReference(link)
  }

  /// Whether a link leads back from a footnote to its reference: its `↩` is left out, since a
  /// terminal cannot follow it.
  static func isFootnoteBackReference(_ link: String) -> Bool {
    FootnoteLink.isBackReference(link)
  }
}
