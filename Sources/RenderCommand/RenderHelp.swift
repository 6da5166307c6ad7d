import RenderKit

/// The text `render --help` prints.
enum RenderHelp {
  static let text = """
    usage: render [FILE|-] [options]
           render preview FILE [options]

    Renders Markdown (or HTML) with the configured engine and stylesheet. Reads FILE, or
    standard input when FILE is - or absent, and writes to standard output. By default
    Markdown is GitHub Flavored Markdown through cmark-gfm: tables, strikethrough, autolinks,
    task lists (and the tagfilter when raw HTML passes). Strict CommonMark: --profile
    commonmark, or --engine cmark.

    render preview FILE serves FILE's page on 127.0.0.1 (a free port unless --port; the
    address is printed) and updates the open browser tab on every save of FILE or the
    stylesheet, in place, keeping the scroll position. Relative images and links resolve
    against FILE's folder; nothing outside that folder is served. Ctrl-C stops. (A file
    named preview: render ./preview.)

    options:
      --from FORMAT        markdown or html (default: from the file extension; stdin is markdown)
      --to FORMAT          fragment (HTML, the default), page (standalone HTML with the
                           stylesheet), text (plain), json (text, style runs, blocks), terminal
      --stylesheet FILE    the CSS for pages and styled text (default: the built-in theme)
      --color-scheme S     light or dark, for styled text (text, json, terminal); terminal
                           output follows the terminal's background (COLORFGBG, else an
                           OSC 11 query) unless this is given
      --importer ID        the HTML importer: html5 (default, HTML5's tree) or libxml2
      --title TEXT         the page title (default: the first heading, then the file name)
      --language TAG       the page's language, <html lang="TAG"> (e.g. en)
      --base-url URL       the page's <base href>, which its relative links resolve against
      --width N            terminal output width (default: the terminal's, else 80)
      --color WHEN         terminal colours: auto (default), always, never; NO_COLOR is honoured
      --engine ID          the engine (overrides render.json and RENDER_ENGINE): cmark-gfm
                           (default), cmark, discount, md4c; see --list-engines
      --profile NAME       gfm (default: tables, strikethrough, autolinks, task lists, tagfilter,
                           each engine with those it has) or commonmark (no extensions)
      --config FILE        read the configuration from FILE instead of ./render.json
    \(switchLines)
      --extension NAME     add an extension to the profile (the engine must have it);
                           repeatable: \(extensionNames)
      --table-of-contents-levels L
                           the heading levels it lists: 2-3, or 2 (default 1-6)
      --front-matter MODE  a leading --- YAML block: metadata (default: taken out; its title is
                           the page title; malformed YAML is an error), metadataOrText (malformed
                           YAML renders as text), text (never taken out)
      --sanitize           keep only allowlisted HTML (GitHub-like) in fragment and page output;
                           with --unsafe, raw HTML is kept but made safe
      --linked-stylesheets for HTML to styled text: also apply <link rel="stylesheet"> files
                           inside FILE's folder (relative paths only; never the network)
      --isolation MODE     process: run the engine in a worker process that is stopped at the
                           deadline; in-process: never. Default: every engine that is not
                           safe on hostile input, which is every built-in one
      --deadline SECONDS   how long a render may take in a worker, whatever its size
                           (default: 0.25 s of processor time + 0.35 s per MB of input,
                           at most 10 s)
      -o, --output FILE    write to FILE instead of standard output
      --watch              with FILE and -o: render again on every save of FILE or the
                           stylesheet, for any --to; Ctrl-C stops
      --port N             render preview's port (default: a free one)
      --list-engines       list the engines: id, library version, features
      -h, --help           show this help

    Bytes that are not valid UTF-8 become U+FFFD; NUL becomes U+FFFD; CRLF and CR end lines.
    Exit status: 0 success, 1 render or input error, 2 usage error.
    Environment: RENDER_ENGINE overrides the configured engine.

    """

  /// The Markdown switches, from the one table that also names them in `render.json`.
  private static var switchLines: String {
    RenderSwitch.all.map { entry in
      let flag = "  " + entry.flag
      let first = flag + String(repeating: " ", count: descriptionColumn - flag.count)
      return ([first + entry.help[0]] + entry.help.dropFirst().map { indent + $0 })
        .joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// The extensions' names, wrapped to the help's width under ``descriptionColumn``.
  private static var extensionNames: String {
    var lines = [""]
    let lead = descriptionColumn + "repeatable: ".count
    for name in RenderFeature.extensions.map(\.rawValue) {
      let last = lines[lines.count - 1]
      let room = (lines.count == 1 ? lead : descriptionColumn) + last.count + name.count + 2
      if last.isEmpty {
        lines[lines.count - 1] = name
      } else if room <= width {
        lines[lines.count - 1] = last + ", " + name
      } else {
        lines[lines.count - 1] = last + ","
        lines.append(name)
      }
    }
    return lines.joined(separator: "\n" + indent)
  }

  /// Where every option's description starts, and the widest line.
  private static let descriptionColumn = 23
  private static let width = 92
  private static let indent = String(repeating: " ", count: descriptionColumn)
}
