import RenderCore
import RenderKit

/// Reads `renderbench`'s arguments into ``BenchOptions``, from the table of its options
/// (``options``) that its usage text also lists.
///
/// Every problem is a ``RenderError/invalidConfiguration(source:key:problem:)`` with source
/// `"command line"` that names the valid choices; the command exits with status 2 for them.
package struct BenchArgumentParser: Sendable {
  /// Every option the tool takes, as `--help` lists them.
  package static var optionNames: [String] {
    BenchArgumentParser(knownEngines: []).options.map { $0.flags[0] }
  }

  /// One of the tool's options.
  package typealias Option = CommandOption<BenchOptions>
  private typealias Refusal = Option.Refusal

  /// The engines `--engines` may name.
  package var knownEngines: [String]

  /// Creates a parser that accepts the engines `knownEngines`.
  package init(knownEngines: [String]) {
    self.knownEngines = knownEngines
  }

  /// Every option, in the order the usage lists them.
  package var options: [Option] {
    let parser = self
    return [
      Option(
        ["--engines"], valueName: "a,b",
        help: ["engines to measure (valid: \(choices))"]
      ) { options, value throws(Refusal) in
        options.engines = try parser.engines(value)
      },
      Option(
        ["--extensions"], valueName: "a,b",
        help: [
          "extensions each engine that has them renders with (default none),",
          "e.g. tables,autolinks",
        ]
      ) { options, value throws(Refusal) in
        options.extensions = try Self.extensions(value)
      },
      Option(
        ["--corpus"], valueName: "PATH",
        help: ["a .md file or a directory of them (repeatable); default: generated"]
      ) { options, value in options.corpusPaths.append(value) },
      Option(
        ["--html"], valueName: "PATH",
        help: [
          "an .html file or a directory of them (repeatable): measure only",
          "their import, per importer and stage",
        ]
      ) { options, value in options.htmlPaths.append(value) },
      Option(
        ["--runs"], valueName: "N", help: ["measured runs per figure (default 10)"]
      ) { options, value throws(Refusal) in
        options.runs = try Self.integer(value, minimum: 1)
      },
      Option(
        ["--warmup"], valueName: "N", help: ["unmeasured runs before measuring (default 2)"]
      ) { options, value throws(Refusal) in
        options.warmup = try Self.integer(value, minimum: 0)
      },
      Option(
        ["--clock"], valueName: "wall|cpu",
        help: [
          "time on the monotonic clock (default) or in process CPU time,",
          "which other processes' load does not inflate",
        ]
      ) { options, value throws(Refusal) in
        guard let clock = TimingClock(rawValue: value) else {
          throw .init("unknown clock \"\(value)\"; valid clocks: wall, cpu")
        }
        options.clock = clock
      },
      Option(
        ["--spec"], valueName: "FILE.json",
        help: [
          "a CommonMark-format suite: pass counts per engine and section,",
          "and agreement between engines (repeatable)",
        ]
      ) { options, value in options.specPaths.append(value) },
      Option(["--scaling"], help: ["time at 2×, 4× and 8× the input, over time at 1×"]) {
        options, _ in options.scaling = true
      },
      Option(
        ["--jobs"], valueName: "N",
        help: ["also render the corpus's chapters on N threads: speed-up over 1"]
      ) { options, value throws(Refusal) in
        options.jobs = try Self.integer(value, minimum: 1)
      },
      Option(
        ["--format"], valueName: "F", help: ["table (default), json or markdown"]
      ) { options, value throws(Refusal) in
        guard let format = OutputFormat(rawValue: value) else {
          let choices = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
          throw .init("unknown format \"\(value)\"; valid formats: \(choices)")
        }
        options.format = format
      },
      Option(
        ["--report"], valueName: "FILE.html",
        help: ["also write a self-contained HTML page with charts"]
      ) { options, value in options.reportPath = value },
      Option(
        ["--baseline"], valueName: "FILE.json",
        help: [
          "compare with an earlier --format json report; exit 1 when a",
          "figure got worse by more than the threshold",
        ]
      ) { options, value in options.baselinePath = value },
      Option(
        ["--threshold"], valueName: "PCT",
        help: ["the regression threshold in percent (default 10)"]
      ) { options, value throws(Refusal) in
        options.thresholdPercent = try Self.percent(value)
      },
      Option(["--help", "-h"], help: ["print this text"]) { options, _ in
        options.help = true
      },
    ]
  }

  /// The options `arguments` (without the program name) ask for.
  package func parse(_ arguments: [String]) throws(RenderError) -> BenchOptions {
    var options = BenchOptions()
    let table = self.options
    var remaining = CommandArguments(arguments)
    while let argument = remaining.next() {
      guard let option = Option.named(argument.name, in: table) else {
        let kind = argument.text.hasPrefix("-") ? "unknown option" : "unexpected argument"
        throw RenderError.invalidConfiguration(
          source: "command line", key: nil,
          problem:
            "\(kind) \"\(argument.text)\"; valid options: "
            + table.map { $0.flags[0] }.joined(separator: ", "))
      }
      var value = ""
      if option.valueName != nil {
        guard let given = remaining.value(of: argument) else {
          throw Self.problem(argument.name, "needs a value")
        }
        value = given
      }
      do throws(Refusal) {
        try option.apply(value, to: &options)
      } catch {
        throw Self.problem(argument.name, error.message)
      }
    }
    return options
  }

  private func engines(_ list: String) throws(Refusal) -> [String] {
    let names = list.split(separator: ",").map { String($0).trimmed }
    guard !names.isEmpty else {
      throw .init("needs at least one engine; valid engines: \(choices)")
    }
    for name in names where !knownEngines.contains(name) {
      throw .init("unknown engine \"\(name)\"; valid engines: \(choices)")
    }
    var unique: [String] = []
    for name in names where !unique.contains(name) { unique.append(name) }
    return unique
  }

  private var choices: String { knownEngines.joined(separator: ", ") }

  private static func extensions(
    _ list: String
  ) throws(Refusal) -> [RenderFeature] {
    let valid = RenderFeature.extensions.map(\.rawValue).joined(separator: ", ")
    var extensions: [RenderFeature] = []
    for name in list.split(separator: ",").map({ String($0).trimmed }) {
      guard let found = RenderFeature(extensionName: name) else {
        throw .init("unknown extension \"\(name)\"; valid extensions: \(valid)")
      }
      if !extensions.contains(found) { extensions.append(found) }
    }
    return extensions
  }

  private static func integer(
    _ text: String, minimum: Int
  ) throws(Refusal) -> Int {
    guard let number = Int(text), number >= minimum else {
      throw .init("expects a whole number of at least \(minimum), got \"\(text)\"")
    }
    return number
  }

  private static func percent(
    _ text: String
  ) throws(Refusal) -> Double {
    let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let number = Double(digits), number > 0, number.isFinite else {
      throw .init("expects a percentage above 0, e.g. 10, got \"\(text)\"")
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
