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
      case "--hard-breaks": hardLineBreaks = true
      case "--source-positions": sourcePositions = true
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
}
