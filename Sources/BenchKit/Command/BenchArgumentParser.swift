import RenderCore

/// Reads `renderbench`'s arguments into ``BenchOptions``.
///
/// Every problem is a ``RenderError/invalidConfiguration(source:key:problem:)`` with source
/// `"command line"` that names the valid choices; the command exits with status 2 for them.
package struct BenchArgumentParser: Sendable {
  /// Every option the tool takes, as `--help` lists them.
  package static let optionNames = [
    "--engines", "--extensions", "--corpus", "--runs", "--warmup", "--clock", "--spec", "--scaling",
    "--jobs",
    "--format",
    "--report", "--baseline", "--threshold", "--help",
  ]

  /// The engines `--engines` may name.
  package var knownEngines: [String]

  /// Creates a parser that accepts the engines `knownEngines`.
  package init(knownEngines: [String]) {
    self.knownEngines = knownEngines
  }

  /// The options `arguments` (without the program name) ask for.
  package func parse(_ arguments: [String]) throws(RenderError) -> BenchOptions {
    var options = BenchOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(RenderError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw Self.problem(name, "needs a value")
        }
        return next
      }
      switch name {
      case "--help", "-h": options.help = true
      case "--scaling": options.scaling = true
      case "--engines": options.engines = try engines(try value())
      case "--extensions": options.extensions = try Self.extensions(try value())
      case "--corpus": options.corpusPaths.append(try value())
      case "--spec": options.specPaths.append(try value())
      case "--report": options.reportPath = try value()
      case "--baseline": options.baselinePath = try value()
      case "--runs": options.runs = try Self.integer(try value(), for: name, minimum: 1)
      case "--warmup": options.warmup = try Self.integer(try value(), for: name, minimum: 0)
      case "--jobs": options.jobs = try Self.integer(try value(), for: name, minimum: 1)
      case "--threshold": options.thresholdPercent = try Self.percent(try value())
      case "--clock":
        let text = try value()
        guard let clock = TimingClock(rawValue: text) else {
          throw Self.problem(name, "unknown clock \"\(text)\"; valid clocks: wall, cpu")
        }
        options.clock = clock
      case "--format":
        let text = try value()
        guard let format = OutputFormat(rawValue: text) else {
          let choices = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
          throw Self.problem(name, "unknown format \"\(text)\"; valid formats: \(choices)")
        }
        options.format = format
      default:
        let kind = argument.hasPrefix("-") ? "unknown option" : "unexpected argument"
        throw RenderError.invalidConfiguration(
          source: "command line", key: nil,
          problem:
            "\(kind) \"\(argument)\"; valid options: \(Self.optionNames.joined(separator: ", "))")
      }
    }
    return options
  }

  private func engines(_ list: String) throws(RenderError) -> [String] {
    let names = list.split(separator: ",").map { String($0).trimmed }
    guard !names.isEmpty else {
      throw Self.problem("--engines", "needs at least one engine; valid engines: \(choices)")
    }
    for name in names where !knownEngines.contains(name) {
      throw Self.problem("--engines", "unknown engine \"\(name)\"; valid engines: \(choices)")
    }
    var unique: [String] = []
    for name in names where !unique.contains(name) { unique.append(name) }
    return unique
  }

  private var choices: String { knownEngines.joined(separator: ", ") }

  private static func extensions(_ list: String) throws(RenderError) -> [MarkdownExtension] {
    let valid = MarkdownExtension.allCases.map(\.rawValue).joined(separator: ", ")
    var extensions: [MarkdownExtension] = []
    for name in list.split(separator: ",").map({ String($0).trimmed }) {
      guard let found = MarkdownExtension(rawValue: name) else {
        throw problem("--extensions", "unknown extension \"\(name)\"; valid extensions: \(valid)")
      }
      if !extensions.contains(found) { extensions.append(found) }
    }
    return extensions
  }

  private static func integer(
    _ text: String, for name: String, minimum: Int
  ) throws(RenderError) -> Int {
    guard let number = Int(text), number >= minimum else {
      throw problem(name, "expects a whole number of at least \(minimum), got \"\(text)\"")
    }
    return number
  }

  private static func percent(_ text: String) throws(RenderError) -> Double {
    let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let number = Double(digits), number > 0, number.isFinite else {
      throw problem("--threshold", "expects a percentage above 0, e.g. 10, got \"\(text)\"")
    }
    return number
  }

  private static func problem(_ name: String, _ problem: String) -> RenderError {
    .invalidConfiguration(source: "command line", key: name, problem: problem)
  }
}

extension String {
  /// The string without leading and trailing spaces.
  fileprivate var trimmed: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
