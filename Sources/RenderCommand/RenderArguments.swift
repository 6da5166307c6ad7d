import RenderKit

/// The `render` command line, parsed: what to read, how to render, where to write.
struct RenderArguments: Equatable {
  /// The input, and the setting and switch flags given.
  var commandLine = RenderCommandLine()
  /// A file path, or `-` for standard input.
  var input: String { commandLine.input }
  var output: String?
  var configuration: String?
  var from: InputFormat?
  var to: OutputFormat = .fragment
  var width: Int?
  var color: ColorChoice = .auto
  /// Load `<link rel="stylesheet">` files from the input file's folder (HTML to styled text).
  var linkedStylesheets = false
  var listEngines = false
  /// `--version`: the package's version and each C library's.
  var version = false
  /// `--list-languages`: print the languages code blocks are highlighted in.
  var listLanguages = false
  /// `render preview FILE`: serve the page and update the browser on every save.
  var preview = false
  /// The preview's port; nil picks a free one.
  var port: UInt16?
  /// Render again on every save of the input or the stylesheet.
  var watch = false
  /// Read the input as it arrives and write each block once it is final (`--stream`).
  var stream = false
  var help = false
  /// `--help-man`, not listed by `--help`: the man page, for `make docs` to write out.
  var manual = false

  /// Parses the arguments after the program name; `--name=value` and `--name value` both work.
  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = CommandArguments(arguments)
    var toGiven = false
    if remaining.first == "preview" {
      preview = true
      _ = remaining.next()
    }
    var parsed = self
    let commandLine = try RenderCommandLine(&remaining) { (name, value) throws(UsageError) in
      switch name {
      case "-h", "--help": parsed.help = true
      case "--help-man": parsed.manual = true
      case "--list-engines": parsed.listEngines = true
      case "--version": parsed.version = true
      case "--list-languages": parsed.listLanguages = true
      case "--config": parsed.configuration = try value()
      case "-o", "--output": parsed.output = try value()
      case "--linked-stylesheets": parsed.linkedStylesheets = true
      case "--from": parsed.from = try Self.choice(try value(), for: name)
      case "--to":
        parsed.to = try Self.choice(try value(), for: name)
        toGiven = true
      case "--watch": parsed.watch = true
      case "--stream": parsed.stream = true
      case "--port":
        let raw = try value()
        guard let port = UInt16(raw), port > 0 else {
          throw UsageError("--port needs a port number from 1 to 65535 (found \"\(raw)\")")
        }
        parsed.port = port
      case "--color": parsed.color = try Self.choice(try value(), for: name)
      case "--width":
        let raw = try value()
        guard let width = Int(raw), width >= 10, width <= 10_000 else {
          throw UsageError("--width needs a whole number from 10 to 10000 (found \"\(raw)\")")
        }
        parsed.width = width
      default: return false
      }
      return true
    }
    parsed.commandLine = commandLine
    self = parsed
    try checkLiveModes(toGiven: toGiven)
  }

  /// `preview` and `--watch` need a file; options that do not apply to them are errors.
  private func checkLiveModes(toGiven: Bool) throws(UsageError) {
    if preview {
      if input == "-" { throw UsageError("render preview needs a FILE to show and watch") }
      if output != nil { throw UsageError("render preview serves the page; it takes no -o") }
      if toGiven { throw UsageError("render preview always shows the page; drop --to") }
      if watch { throw UsageError("render preview watches FILE already; drop --watch") }
      if value(of: RenderSetting.baseURL) != nil {
        throw UsageError(
          "render preview resolves links against FILE's folder; drop --base-url")
      }
    } else if port != nil {
      throw UsageError("--port is for render preview")
    }
    if linkedStylesheets && input == "-" {
      throw UsageError(
        "--linked-stylesheets reads from FILE's folder; give a FILE, not standard input")
    }
    if stream {
      if preview || watch { throw UsageError("--stream reads the input once; drop it") }
      if output != nil { throw UsageError("--stream writes to standard output; drop -o") }
      if inputFormat != .markdown { throw UsageError("--stream reads Markdown only") }
      if to == .page { throw UsageError("--stream writes fragment, text, terminal or json") }
    }
    if watch {
      if input == "-" { throw UsageError("--watch needs a FILE to watch, not standard input") }
      if output == nil { throw UsageError("--watch needs -o FILE to rewrite on every change") }
    }
  }

  /// The input format: as given, else from the file's extension (stdin is Markdown).
  var inputFormat: InputFormat {
    from ?? (input == "-" ? .markdown : InputFormat.guess(forPath: input))
  }

  /// The value last given for `setting` on the command line, as written.
  func value(of setting: RenderSetting) -> String? {
    commandLine.value(of: setting)
  }

  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ raw: String, for option: String
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    guard let parsed = Choice(rawValue: raw) else {
      let valid = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("\(option) does not take \"\(raw)\"; valid values: \(valid)")
    }
    return parsed
  }
}
