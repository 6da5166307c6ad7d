import RenderKit

/// What `render --help` prints and what its man page, `render.1`, says: one table of usage,
/// description, options and notes, written out two ways so that the two cannot drift.
enum RenderHelp {
  /// One option as both list it: its syntax (`--to FORMAT`) and its description, one entry
  /// per line of `--help`.
  struct Option {
    /// The flags and the value's name, as typed: `-o, --output FILE`.
    let syntax: String
    /// The description, broken where `--help` breaks it.
    let lines: [String]
  }

  /// The command lines, without the program's name in front of the second.
  static let usage = ["render [FILE|-] [options]", "render preview FILE [options]"]

  /// The description's paragraphs, each broken where `--help` breaks it.
  static let description: [[String]] = [
    [
      "Renders Markdown (or HTML) with the configured engine and stylesheet. Reads FILE, or",
      "standard input when FILE is - or absent, and writes to standard output. By default",
      "Markdown is GitHub Flavored Markdown through cmark-gfm: tables, strikethrough, autolinks,",
      "task lists (and the tagfilter when raw HTML passes). Strict CommonMark: --profile",
      "commonmark, or --engine cmark.",
    ],
    [
      "render preview FILE serves FILE's page on 127.0.0.1 (a free port unless --port; the",
      "address is printed) and updates the open browser tab on every save of FILE or the",
      "stylesheet, in place, keeping the scroll position. Relative images and links resolve",
      "against FILE's folder; nothing outside that folder is served. Ctrl-C stops. (A file",
      "named preview: render ./preview.)",
    ],
  ]

  /// Every option, in the order both list them; the Markdown switches come from the table
  /// that also names them in `render.json`.
  static var options: [Option] {
    leadingOptions + RenderSwitch.all.map { Option(syntax: $0.flag, lines: $0.help) }
      + [extensionOption] + trailingOptions
  }

  /// What input becomes, in the notes after the options.
  static let inputNote =
    "Bytes that are not valid UTF-8 become U+FFFD; NUL becomes U+FFFD; CRLF and CR end lines."
  /// The exit statuses.
  static let exitStatus = "0 success, 1 render or input error, 2 usage error."
  /// The environment variables read.
  static let environment = "RENDER_ENGINE overrides the configured engine."

  /// The text `render --help` prints.
  static var text: String {
    var text = "usage: " + usage[0] + "\n"
    for line in usage.dropFirst() { text += "       " + line + "\n" }
    for paragraph in description { text += "\n" + paragraph.joined(separator: "\n") + "\n" }
    text += "\noptions:\n"
    for option in options {
      let flag = "  " + option.syntax
      if flag.count < descriptionColumn {
        let padding = String(repeating: " ", count: descriptionColumn - flag.count)
        text += flag + padding + option.lines[0] + "\n"
        for line in option.lines.dropFirst() { text += indent + line + "\n" }
      } else {
        text += flag + "\n"
        for line in option.lines { text += indent + line + "\n" }
      }
    }
    text += "\n" + inputNote + "\n"
    text += "Exit status: " + exitStatus + "\n"
    text += "Environment: " + environment + "\n"
    return text
  }

  /// The man page, `render.1`, in roff's man macros (`man -l render.1`).
  static var manual: String {
    var page = [
      #".TH RENDER 1 "" "swift-render" "User Commands""#,
      ".SH NAME",
      #"render \- render Markdown or HTML as HTML, a page, styled text or terminal output"#,
      ".SH SYNOPSIS",
    ]
    for (index, line) in usage.enumerated() {
      if index > 0 { page.append(".br") }
      page.append(roffSyntax(line))
    }
    page.append(".SH DESCRIPTION")
    for (index, paragraph) in description.enumerated() {
      if index > 0 { page.append(".PP") }
      page.append(roffText(paragraph.joined(separator: " ")))
    }
    page += [".PP", roffText(inputNote), ".SH OPTIONS"]
    for option in options {
      page += [".TP", roffSyntax(option.syntax), roffText(option.lines.joined(separator: " "))]
    }
    page += [
      ".SH EXIT STATUS", roffText(exitStatus),
      ".SH ENVIRONMENT", ".TP", #"\fBRENDER_ENGINE\fR"#,
      roffText(environment.replacingOccurrences(of: "RENDER_ENGINE ", with: "")),
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// Text for a roff line: backslashes and minus signs escaped, and a line that would start
  /// with a control character (`.` or `'`) guarded.
  private static func roffText(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e")
      .replacingOccurrences(of: "-", with: "\\-")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }

  /// A command line or an option's syntax: words that start with `-` (and the command's
  /// name) in bold, the values to fill in italic, brackets and bars as they are.
  private static func roffSyntax(_ syntax: String) -> String {
    syntax.split(separator: " ").enumerated().map { index, word in
      let escaped = roffText(String(word))
      if word.hasPrefix("-") || word == "render" || (index == 1 && word == "preview") {
        return #"\fB"# + escaped + #"\fR"#
      }
      if word.first == "[" || word == "-" { return escaped }
      return #"\fI"# + escaped + #"\fR"#
    }.joined(separator: " ")
  }

  private static let leadingOptions = [
    Option(
      syntax: "--from FORMAT",
      lines: ["markdown or html (default: from the file extension; stdin is markdown)"]),
    Option(
      syntax: "--to FORMAT",
      lines: [
        "fragment (HTML, the default), page (standalone HTML with the",
        "stylesheet), text (plain), json (text, style runs, blocks), terminal",
      ]),
    Option(
      syntax: "--stylesheet FILE",
      lines: ["the CSS for pages and styled text (default: the built-in theme)"]),
    Option(
      syntax: "--color-scheme S",
      lines: [
        "light or dark, for styled text (text, json, terminal); terminal",
        "output follows the terminal's background (COLORFGBG, else an",
        "OSC 11 query) unless this is given",
      ]),
    Option(
      syntax: "--importer ID",
      lines: ["the HTML importer: html5 (default, HTML5's tree) or libxml2"]),
    Option(
      syntax: "--title TEXT",
      lines: ["the page title (default: the first heading, then the file name)"]),
    Option(
      syntax: "--language TAG", lines: [#"the page's language, <html lang="TAG"> (e.g. en)"#]),
    Option(
      syntax: "--base-url URL",
      lines: ["the page's <base href>, which its relative links resolve against"]),
    Option(
      syntax: "--width N", lines: ["terminal output width (default: the terminal's, else 80)"]),
    Option(
      syntax: "--color WHEN",
      lines: ["terminal colours: auto (default), always, never; NO_COLOR is honoured"]),
    Option(
      syntax: "--engine ID",
      lines: [
        "the engine (overrides render.json and RENDER_ENGINE): cmark-gfm",
        "(default), cmark, discount, md4c; see --list-engines",
      ]),
    Option(
      syntax: "--profile NAME",
      lines: [
        "gfm (default: tables, strikethrough, autolinks, task lists, tagfilter,",
        "each engine with those it has) or commonmark (no extensions)",
      ]),
    Option(
      syntax: "--config FILE",
      lines: ["read the configuration from FILE instead of ./render.json"]),
  ]

  /// `--extension`, whose description lists the extensions' names, wrapped to the help's
  /// width under ``descriptionColumn``.
  private static var extensionOption: Option {
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
    lines[0] = "repeatable: " + lines[0]
    return Option(
      syntax: "--extension NAME",
      lines: ["add an extension to the profile (the engine must have it);"] + lines)
  }

  private static let trailingOptions = [
    Option(
      syntax: "--table-of-contents-levels L",
      lines: ["the heading levels it lists: 2-3, or 2 (default 1-6)"]),
    Option(
      syntax: "--front-matter MODE",
      lines: [
        "a leading --- YAML block: metadata (default: taken out; its title is",
        "the page title; malformed YAML is an error), metadataOrText (malformed",
        "YAML renders as text), text (never taken out)",
      ]),
    Option(
      syntax: "--sanitize",
      lines: [
        "keep only allowlisted HTML (GitHub-like) in fragment and page output;",
        "with --unsafe, raw HTML is kept but made safe",
      ]),
    Option(
      syntax: "--linked-stylesheets",
      lines: [
        #"for HTML to styled text: also apply <link rel="stylesheet"> files"#,
        "inside FILE's folder (relative paths only; never the network)",
      ]),
    Option(
      syntax: "--isolation MODE",
      lines: [
        "process: run the engine in a worker process that is stopped at the",
        "deadline; in-process: never. Default: every engine that is not",
        "safe on hostile input, which is every built-in one",
      ]),
    Option(
      syntax: "--deadline SECONDS",
      lines: [
        "how long a render may take in a worker, whatever its size",
        "(default: 0.25 s of processor time + 0.35 s per MB of input,",
        "at most 10 s)",
      ]),
    Option(syntax: "-o, --output FILE", lines: ["write to FILE instead of standard output"]),
    Option(
      syntax: "--watch",
      lines: [
        "with FILE and -o: render again on every save of FILE or the",
        "stylesheet, for any --to; Ctrl-C stops",
      ]),
    Option(syntax: "--port N", lines: ["render preview's port (default: a free one)"]),
    Option(
      syntax: "--list-engines", lines: ["list the engines: id, library version, features"]),
    Option(syntax: "-h, --help", lines: ["show this help"]),
  ]

  /// Where every option's description starts, and the widest line.
  private static let descriptionColumn = 23
  private static let width = 92
  private static let indent = String(repeating: " ", count: descriptionColumn)
}
