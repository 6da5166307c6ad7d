import RenderKit

/// The `render` command line, parsed: what to read, how to render, where to write.
struct RenderArguments: Equatable {
  /// A file path, or `-` for standard input.
  var input = "-"
  var output: String?
  var engine: String?
  var configuration: String?
  var smartPunctuation = false
  var unsafe = false
  var hardLineBreaks = false
  var sourcePositions = false
  var extensions: [MarkdownExtension] = []
  var from: InputFormat?
  var to: OutputFormat = .fragment
  var stylesheet: String?
  var colorScheme: ColorScheme?
  var title: String?
  var width: Int?
  var color: ColorChoice = .auto
  var sanitize = false
  var isolation: IsolationMode?
  var importer: String?
  var deadline: Double?
  var listEngines = false
  var help = false

  /// Parses the arguments after the program name; `--name=value` and `--name value` both work.
  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    var inputSeen = false
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
      switch name {
      case "-h", "--help": help = true
      case "--list-engines": listEngines = true
      case "--engine": engine = try value()
      case "--config": configuration = try value()
      case "-o", "--output": output = try value()
      case "--smart": smartPunctuation = true
      case "--unsafe": unsafe = true
      case "--sanitize": sanitize = true
      case "--hard-breaks": hardLineBreaks = true
      case "--source-positions": sourcePositions = true
      case "--from": from = try choice(try value(), for: name)
      case "--to": to = try choice(try value(), for: name)
      case "--stylesheet": stylesheet = try value()
      case "--color-scheme": colorScheme = try choice(try value(), for: name)
      case "--title": title = try value()
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
          throw UsageError("--deadline needs seconds between 0 and 86400 (found \"\(raw)\")")
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
        guard let parsed = MarkdownExtension(rawValue: raw) else {
          throw UsageError(
            "unknown extension \"\(raw)\"; valid extensions: "
              + MarkdownExtension.allCases.map(\.rawValue).joined(separator: ", "))
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
