/// The text `render --help` prints.
enum RenderHelp {
  static let text = """
    usage: render [FILE|-] [options]

    Renders Markdown to HTML with the configured engine. Reads FILE, or standard input
    when FILE is - or absent, and writes the HTML fragment to standard output.

    options:
      --engine ID          the engine (overrides render.json and RENDER_ENGINE); see --list-engines
      --config FILE        read the configuration from FILE instead of ./render.json
      --smart              smart punctuation (curly quotes, dashes, ellipses)
      --unsafe             let raw HTML and every URL through (trusted input only)
      --hard-breaks        every newline in a paragraph becomes <br>
      --source-positions   add data-sourcepos attributes (cmark)
      --extension NAME     turn on an extension; repeatable: tables, strikethrough, superscript,
                           footnotes, definitionLists, autolinks, tableOfContents
      -o, --output FILE    write to FILE instead of standard output
      --list-engines       list the engines: id, library version, features
      -h, --help           show this help

    Bytes that are not valid UTF-8 become U+FFFD; NUL becomes U+FFFD; CRLF and CR end lines.
    Exit status: 0 success, 1 render or input error, 2 usage error.
    Environment: RENDER_ENGINE overrides the configured engine.

    """
}
