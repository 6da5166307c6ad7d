import RenderKit

/// The `render` command line, parsed: what to read, how to render, where to write.
struct RenderArguments: Equatable {
  /// A file path, or `-` for standard input.
  var input = "-"
  var output: String?
  var configuration: String?
  /// The ``RenderSetting`` flags given, their values checked, in the order given: applied
  /// over the configuration file's, a later one over an earlier one.
  var settings: [RenderSetting.Assignment] = []
  /// The options ``RenderSwitch`` flags turned on (`--smart`, `--unsafe`, …).
  var switchedOn: Set<WritableKeyPath<RenderOptions, Bool> & Sendable> = []
  var from: InputFormat?
  var to: OutputFormat = .fragment
  var width: Int?
  var color: ColorChoice = .auto
  /// Load `<link rel="stylesheet">` files from the input file's folder (HTML to styled text).
  var linkedStylesheets = false
  var listEngines = false
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
    var inputSeen = false
    var toGiven = false
    if remaining.first == "preview" {
      preview = true
      _ = remaining.next()
    }
    while let read = remaining.next() {
      let argument = read.text
      let name = read.name
      func value() throws(UsageError) -> String {
        guard let value = remaining.value(of: read) else {
          throw UsageError("\(name) needs a value")
        }
        return value
      }
      if let entry = RenderSwitch.all.first(where: { $0.flag == name }) {
        switchedOn.insert(entry.option)
        continue
      }
      if let setting = RenderSetting.all.first(where: { $0.flag == name }) {
        // A setting without a value is a flag that turns it on.
        let raw = setting.kind == .boolean ? "true" : try value()
        do throws(RenderSetting.Problem) {
          settings.append(try setting.parse(raw))
        } catch {
          throw UsageError(Self.message(for: error, flag: name, value: raw))
        }
        continue
      }
      switch name {
      case "-h", "--help": help = true
      case "--help-man": manual = true
      case "--list-engines": listEngines = true
      case "--config": configuration = try value()
      case "-o", "--output": output = try value()
      case "--linked-stylesheets": linkedStylesheets = true
      case "--from": from = try choice(try value(), for: name)
      case "--to":
        to = try choice(try value(), for: name)
        toGiven = true
      case "--watch": watch = true
      case "--stream": stream = true
      case "--port":
        let raw = try value()
        guard let parsed = UInt16(raw), parsed > 0 else {
          throw UsageError("--port needs a port number from 1 to 65535 (found \"\(raw)\")")
        }
        port = parsed
      case "--color": color = try choice(try value(), for: name)
      case "--width":
        let raw = try value()
        guard let parsed = Int(raw), parsed >= 10, parsed <= 10_000 else {
          throw UsageError("--width needs a whole number from 10 to 10000 (found \"\(raw)\")")
        }
        width = parsed
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
    settings.last { $0.key == setting.key }?.value
  }

  /// What to tell the user of a setting's refused value: the flag, the value and what it
  /// takes.
  private static func message(
    for problem: RenderSetting.Problem, flag: String, value: String
  ) -> String {
    switch problem {
    case .notOneOf(let valid):
      "\(flag) does not take \"\(value)\"; valid values: \(valid.joined(separator: ", "))"
    case .expected(let expected): "\(flag) needs \(expected) (found \"\(value)\")"
    }
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
