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

  /// Where every option's description starts; the settings' help lines are broken to fit
  /// the width after it.
  private static let descriptionColumn = 23

  /// The command lines, without the program's name in front of the second.
  static let usage = [
    "render [FILE|-] [options]", "render preview FILE [options]",
    "render batch [FILE|-] [options]",
  ]

  /// The description's paragraphs, each broken where `--help` breaks it.
  static let description: [[String]] = [
    [
      "Renders Markdown (or HTML) with the configured engine and stylesheet. Reads FILE, or",
      "standard input when FILE is - or absent, and writes to standard output. By default",
      "Markdown is GitHub Flavored Markdown through cmark-gfm: tables, strikethrough, autolinks,",
      "task lists, footnotes, alerts, math, highlighted code, emoji shortcodes, front matter",
      "(and the tagfilter when raw HTML passes). Strict CommonMark, with none of these:",
      "--profile commonmark. --engine cmark alone keeps the gfm profile: CommonMark's parser",
      "with what the pipeline adds to every engine (alerts, math, highlighting, emoji, front",
      "matter), without the syntax cmark lacks (tables, strikethrough, autolinks, task lists,",
      "footnotes).",
    ],
    [
      "render preview FILE serves FILE's page on 127.0.0.1 (a free port unless --port; the",
      "address is printed) and updates the open browser tab on every save of FILE or the",
      "stylesheet, in place, keeping the scroll position. Relative images and links resolve",
      "against FILE's folder; nothing outside that folder is served. Ctrl-C stops. (A file",
      "named preview: render ./preview.)",
    ],
    [
      "render batch reads JSON Lines records and writes one JSON answer line per input line,",
      "in order, rendering on a pool of contained workers; see render batch --help. (A file",
      "named batch: render ./batch.)",
    ],
  ]

  /// Every option, in the order both list them. The settings and the Markdown switches come
  /// from the tables that also name them in `render.json`; a setting the layout does not
  /// place goes after the last one it does.
  static var options: [Option] {
    let placed = Set(
      layout.compactMap { if case .setting(let setting) = $0 { setting.key } else { nil } })
    return layout.flatMap { entry -> [Option] in
      switch entry {
      case .option(let option): [option]
      case .setting(let setting): [Option(setting)].compactMap { $0 }
      case .switches: RenderSwitch.all.map { Option(syntax: $0.flag, lines: $0.help) }
      case .otherSettings:
        RenderSetting.all.filter { !placed.contains($0.key) }.compactMap { Option($0) }
      }
    }
  }

  /// What input becomes, in the notes after the options.
  static let inputNote =
    "Bytes that are not valid UTF-8 become U+FFFD; NUL becomes U+FFFD; CRLF and CR end lines.\n"
    + "Input that is not text is refused, from a file and from standard input alike: an image,\n"
    + "archive, PDF or program (by its first bytes), or Markdown full of NULs or mostly not UTF-8."
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
    text += CommandUsage.options(
      options.map { ($0.syntax, $0.lines) }, column: descriptionColumn)
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

  /// A place in the list of options: an option of the command alone, a setting, the
  /// switches, or the settings placed nowhere else.
  private enum Entry {
    case option(Option)
    case setting(RenderSetting)
    case switches
    case otherSettings
  }

  private static let layout: [Entry] = [
    .option(
      Option(
        syntax: "--from FORMAT",
        lines: ["markdown or html (default: from the file extension; stdin is markdown)"])),
    .option(
      Option(
        syntax: "--to FORMAT",
        lines: [
          "fragment (HTML, the default), page (standalone HTML with the",
          "stylesheet), text (plain), json (text, style runs, blocks), terminal",
        ])),
    .setting(.stylesheet), .setting(.colorScheme), .setting(.importer), .setting(.title),
    .setting(.language), .setting(.baseURL),
    .option(
      Option(
        syntax: "--width N", lines: ["terminal output width (default: the terminal's, else 80)"])
    ),
    .option(
      Option(
        syntax: "--color WHEN",
        lines: ["terminal colours: auto (default), always, never; NO_COLOR is honoured"])),
    .setting(.engine), .setting(.profile),
    .option(
      Option(
        syntax: "--config FILE",
        lines: ["read the configuration from FILE instead of ./render.json"])),
    .switches,
    .setting(.extensions), .setting(.tableOfContentsLevels), .setting(.frontMatter),
    .setting(.sanitize),
    .option(
      Option(
        syntax: "--linked-stylesheets",
        lines: [
          #"for HTML to styled text: also apply <link rel="stylesheet"> files"#,
          "inside FILE's folder (relative paths only; never the network)",
        ])),
    .setting(.isolation), .setting(.deadline), .otherSettings,
    .option(
      Option(syntax: "-o, --output FILE", lines: ["write to FILE instead of standard output"])),
    .option(
      Option(
        syntax: "--watch",
        lines: [
          "with FILE and -o: render again on every save of FILE or the",
          "stylesheet, for any --to; Ctrl-C stops",
        ])),
    .option(
      Option(
        syntax: "--stream",
        lines: [
          "read Markdown as it arrives; write each block once final (a",
          "terminal also shows the rest, redrawn); --to json: one event a line",
        ])),
    .option(Option(syntax: "--port N", lines: ["render preview's port (default: a free one)"])),
    .option(
      Option(
        syntax: "--list-engines", lines: ["list the engines: id, library version, features"])),
    .option(
      Option(
        syntax: "--list-languages",
        lines: ["list the languages code blocks are highlighted in, and their aliases"])),
    .option(
      Option(
        syntax: "--version",
        lines: ["print the version, and each engine's and importer's C library version"])),
    .option(Option(syntax: "-h, --help", lines: ["show this help"])),
  ]
}

extension RenderHelp.Option {
  /// A setting's flag, value and help; nil for a setting that has no flag.
  init?(_ setting: RenderSetting) {
    guard let flag = setting.flag else { return nil }
    syntax = flag + (setting.valueName.map { " " + $0 } ?? "")
    lines = setting.help
  }
}
