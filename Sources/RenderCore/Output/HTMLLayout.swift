/// Where an engine's HTML renderer breaks lines between tags and how it ends a void element's
/// tag: what ``MarkdownDocumentBuilder`` writes as newline text and ``HTMLSerializer`` as
/// `<hr />` or `<hr>`, so that HTML serialised from an engine's document is that engine's own
/// HTML, byte for byte, and a render that runs a pass reads like one that does not.
package struct HTMLLayout: Sendable, Hashable {
  /// Elements whose start tag begins a line: a newline is written before it unless the output
  /// already ends with one (cmark's `cr()`).
  let linesBeforeStart: DocumentNameSet
  /// Elements whose start tag is followed by a newline.
  let breaksAfterStart: DocumentNameSet
  /// Elements whose end tag begins a line.
  let linesBeforeEnd: DocumentNameSet
  /// Elements whose end tag (or, void, whose tag) is followed by a newline.
  let breaksAfterEnd: DocumentNameSet
  /// How a void element's tag ends: `" />"` or `">"`.
  package let voidTagEnd: String
  /// Whether raw HTML omitted in safe mode leaves, for a block, the line its comment had.
  let omittedBlocksKeepLines: Bool
  /// What text escapes besides `&`, `<` and `>`: engines escape `"` too.
  package var textEscaping = HTMLEscaping.Context.quotedValue

  /// HTML as a parser reads it: no line breaks added, `<hr>`. The layout of imported documents,
  /// whose own whitespace is already in their text.
  package static let html = HTMLLayout(
    linesBeforeStart: [], breaksAfterStart: [], linesBeforeEnd: [], breaksAfterEnd: [],
    voidTagEnd: ">", omittedBlocksKeepLines: false, textEscaping: .text)

  /// cmark's and cmark-gfm's renderers: every block on a line of its own, containers' tags
  /// alone on theirs, `<hr />`.
  package static let cmark = HTMLLayout(
    linesBeforeStart: blocks.union([.li, .p, .pre, .hr, .th, .td]),
    breaksAfterStart: [.blockquote, .ul, .ol, .section],
    linesBeforeEnd: [.blockquote, .ul, .ol, .table, .thead, .tbody, .tr, .section],
    breaksAfterEnd: blocks.union([.li, .p, .pre, .hr]),
    voidTagEnd: " />", omittedBlocksKeepLines: true)

  /// md4c's renderer: a newline after each block's end tag and after containers' start tags,
  /// none before a tag, `<hr>`.
  package static let md4c = HTMLLayout(
    linesBeforeStart: [],
    breaksAfterStart: [.blockquote, .ul, .ol, .table, .thead, .tbody, .tr],
    linesBeforeEnd: [],
    breaksAfterEnd: blocks.union([.li, .p, .pre, .hr, .th, .td]),
    voidTagEnd: ">", omittedBlocksKeepLines: false)

  /// The containers and headings both renderers put on lines of their own.
  private static let blocks: DocumentNameSet = [
    .blockquote, .ul, .ol, .h1, .h2, .h3, .h4, .h5, .h6, .table, .thead, .tbody, .tr, .section,
  ]
}
