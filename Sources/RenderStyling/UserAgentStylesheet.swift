/// The user-agent layer: what browsers do to unstyled HTML, beneath every author stylesheet.
///
/// Adapted from the HTML standard's rendering section. `noscript` is shown, as in a browser
/// with scripting off (styled text runs no scripts); `head`, `script`, `style`, `template`,
/// `title`, `meta`, `link` and `[hidden]` are not.
enum UserAgentStylesheet {
  static let css = """
    html, body, address, blockquote, center, dialog, div, figure, figcaption, footer, form,
    header, hr, legend, listing, main, p, plaintext, pre, search, xmp, article, aside,
    h1, h2, h3, h4, h5, h6, hgroup, nav, section, dir, dd, dl, dt, menu, ol, ul, fieldset,
    details, summary, caption, thead, tbody, tfoot, optgroup { display: block }
    li { display: list-item }
    table { display: table }
    tr { display: table-row }
    td, th { display: table-cell }
    area, base, basefont, col, colgroup, datalist, head, link, meta, noembed, noframes, param,
    rp, script, style, template, title { display: none }
    [hidden] { display: none }
    math[display="block"] { display: block }

    body { margin: 8px }
    p, blockquote, figure, listing, plaintext, pre, xmp, dl, ul, ol, menu, dir {
      margin-top: 1em; margin-bottom: 1em
    }
    blockquote, figure { margin-left: 40px; margin-right: 40px }
    dd { margin-left: 40px }
    hr { margin: 0.5em 0 }
    ul, ol, menu, dir { padding-left: 40px }
    ul, menu, dir { list-style-type: disc }
    ol { list-style-type: decimal }
    ol ol, ol ul, ul ol, ul ul, dl dl, dl ol, dl ul, ol dl, ul dl { margin-top: 0; margin-bottom: 0 }
    ol ul, ul ul { list-style-type: circle }
    ol ol ul, ol ul ul, ul ol ul, ul ul ul { list-style-type: square }

    h1 { font-size: 2em; margin: 0.67em 0 }
    h2 { font-size: 1.5em; margin: 0.83em 0 }
    h3 { font-size: 1.17em; margin: 1em 0 }
    h4 { font-size: 1em; margin: 1.33em 0 }
    h5 { font-size: 0.83em; margin: 1.67em 0 }
    h6 { font-size: 0.67em; margin: 2.33em 0 }
    h1, h2, h3, h4, h5, h6, th { font-weight: bold }
    b, strong { font-weight: bolder }
    i, em, cite, var, dfn, address { font-style: italic }
    u, ins { text-decoration: underline }
    del, s, strike { text-decoration: line-through }
    code, kbd, samp, pre, tt, listing, xmp, plaintext { font-family: monospace }
    pre, listing, xmp, plaintext { white-space: pre }
    nobr { white-space: nowrap }
    sub { vertical-align: sub; font-size: smaller }
    sup { vertical-align: super; font-size: smaller }
    small { font-size: smaller }
    big { font-size: larger }
    center, caption, th { text-align: center }
    mark { background-color: yellow; color: black }
    a[href] { color: #0000ee; text-decoration: underline }

    ol[type="1"], li[type="1"] { list-style-type: decimal }
    ol[type="a"], li[type="a"] { list-style-type: lower-alpha }
    ol[type="A"], li[type="A"] { list-style-type: upper-alpha }
    ol[type="i"], li[type="i"] { list-style-type: lower-roman }
    ol[type="I"], li[type="I"] { list-style-type: upper-roman }
    ul[type="disc"], li[type="disc"] { list-style-type: disc }
    ul[type="circle"], li[type="circle"] { list-style-type: circle }
    ul[type="square"], li[type="square"] { list-style-type: square }
    [align="left"] { text-align: left }
    [align="center"] { text-align: center }
    [align="right"] { text-align: right }
    [align="justify"] { text-align: justify }
    """

  /// The layer's rules, parsed once.
  static let rules: [StyleRule] = {
    var parser = StylesheetParser(css: css)
    parser.parse()
    return parser.rules
  }()
}
