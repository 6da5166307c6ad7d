import RenderKit

/// The `render` command line, parsed: what to read, how to render, where to write.
struct RenderArguments: Equatable {
  /// A file path, or `-` for standard input.
  var input = "-"
  var output: String?
  var engine: String?
  var profile: MarkdownProfile?
  var configuration: String?
  /// The options ``RenderSwitch`` flags turned on (`--smart`, `--unsafe`, …).
  var switchedOn: Set<WritableKeyPath<RenderOptions, Bool> & Sendable> = []
  var extensions: [RenderFeature] = []
  var tableOfContentsLevels: ClosedRange<Int>?
  var frontMatter: FrontMatterMode?
  var from: InputFormat?
  var to: OutputFormat = .fragment
  var stylesheet: String?
  var colorScheme: ColorScheme?
  var title: String?
  var language: String?
  var baseURL: String?
  var width: Int?
  var color: ColorChoice = .auto
  var sanitize = false
  /// Load `<link rel="stylesheet">` files from the input file's folder (HTML to styled text).
  var linkedStylesheets = false
  var isolation: IsolationMode?
  var importer: String?
  var deadline: Double?
  var listEngines = false
  /// `render preview FILE`: serve the page and update the browser on every save.
  var preview = false
  /// The preview's port; nil picks a free one.
  var port: UInt16?
  /// Render again on every save of the input or the stylesheet.
  var watch = false
  var help = false
  /// `--help-man`, not listed by `--help`: the man page, for `make docs` to write out.
  var manual = false

  /// Parses the arguments after the program name; `--name=value` and `--name value` both work.
  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    var inputSeen = false
    var toGiven = false
    if remaining.first == "preview" {
      preview = true
      remaining.removeFirst()
    }
    while let argument = remaining.popFirst() {
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let attached { return attached }
        guard let next = remaining.popFirst() else { throw UsageError("\(name) needs a value") }
        return next
      }
      if let entry = RenderSwitch.all.first(where: { $0.flag == name }) {
        switchedOn.insert(entry.option)
        continue
      }
      switch name {
      case "-h", "--help": help = true
      case "--help-man": manual = true
      case "--list-engines": listEngines = true
      case "--engine": engine = try value()
      case "--profile": profile = try choice(try value(), for: name)
      case "--config": configuration = try value()
      case "-o", "--output": output = try value()
      case "--sanitize": sanitize = true
      case "--linked-stylesheets": linkedStylesheets = true
      case "--table-of-contents-levels":
        let raw = try value()
        guard let levels = RenderOptions.tableOfContentsLevels(parsing: raw) else {
          throw UsageError(
            "--table-of-contents-levels needs levels as 2-3 or 2, from 1 to 6 (found \"\(raw)\")")
        }
        tableOfContentsLevels = levels
      case "--front-matter": frontMatter = try choice(try value(), for: name)
      case "--from": from = try choice(try value(), for: name)
      case "--to":
        to = try choice(try value(), for: name)
        toGiven = true
      case "--stylesheet": stylesheet = try value()
      case "--color-scheme": colorScheme = try choice(try value(), for: name)
      case "--title": title = try value()
      case "--language": language = try value()
      case "--base-url": baseURL = try value()
      case "--watch": watch = true
      case "--port":
        let raw = try value()
        guard let parsed = UInt16(raw), parsed > 0 else {
          throw UsageError("--port needs a port number from 1 to 65535 (found \"\(raw)\")")
        }
        port = parsed
      case "--importer": importer = try value()
      case "--color": color = try choice(try value(), for: name)
      case "--isolation":
        let raw = try value()
        switch raw {
        case "process": isolation = .process
        case "in-process": isolation = .inProcess
        default:
          throw UsageError(
            "--isolation does not take \"\(raw)\"; valid values: process, in-process")
        }
      case "--deadline":
        let raw = try value()
        guard let seconds = Double(raw), seconds > 0, seconds <= 86_400 else {
          throw UsageError(
            "--deadline needs seconds, more than 0 and at most 86400 (found \"\(raw)\")")
        }
        deadline = seconds
      case "--width":
        let raw = try value()
        guard let parsed = Int(raw), parsed >= 10, parsed <= 10_000 else {
          throw UsageError("--width needs a whole number from 10 to 10000 (found \"\(raw)\")")
        }
        width = parsed
      case "--extension":
        let raw = try value()
        guard let parsed = RenderFeature(extensionName: raw) else {
          throw UsageError(
            "unknown extension \"\(raw)\"; valid extensions: "
              + RenderFeature.extensions.map(\.rawValue).joined(separator: ", "))
        }
        extensions.append(parsed)
      default:
        if argument != "-" && argument.hasPrefix("-") {
          throw UsageError("unknown option \(name)")
        }
        if inputSeen {
          throw UsageError("only one input file may be given (found \"\(argument)\")")
        }
        input = argument
        inputSeen = true
      }
    }
    try checkLiveModes(toGiven: toGiven)
  }

  /// `preview` and `--watch` need a file; options that do not apply to them are errors.
  private func checkLiveModes(toGiven: Bool) throws(UsageError) {
    if preview {
      if input == "-" { throw UsageError("render preview needs a FILE to show and watch") }
      if output != nil { throw UsageError("render preview serves the page; it takes no -o") }
      if toGiven { throw UsageError("render preview always shows the page; drop --to") }
      if watch { throw UsageError("render preview watches FILE already; drop --watch") }
      if baseURL != nil {
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
    if watch {
      if input == "-" { throw UsageError("--watch needs a FILE to watch, not standard input") }
      if output == nil { throw UsageError("--watch needs -o FILE to rewrite on every change") }
    }
  }

  /// The input format: as given, else from the file's extension (stdin is Markdown).
  var inputFormat: InputFormat {
    from ?? (input == "-" ? .markdown : InputFormat.guess(forPath: input))
  }

  private func choice<Choice: RawRepresentable & CaseIterable>(
    _ raw: String, for option: String
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    guard let parsed = Choice(rawValue: raw) else {
      let valid = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("\(option) does not take \"\(raw)\"; valid values: \(valid)")
    }
    return parsed
  }
}
