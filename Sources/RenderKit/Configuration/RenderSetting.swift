import Foundation
import RenderCore
import RenderStyling

/// One setting of ``RenderConfiguration`` under every name it goes by: its key in
/// `render.json`, its flag, value and help on `render`'s command line, and the one parser
/// that checks its value wherever it is written.
///
/// The configuration reader, `render`'s flags, `--help` and man page all loop over ``all``,
/// so a new setting is one entry here (plus its field in ``RenderConfiguration``). The on/off
/// options under `options` are ``RenderSwitch``es instead: they only turn something on.
package struct RenderSetting: Sendable {
  /// The JSON type of the setting's value in `render.json`; on the command line every value
  /// is text, which the same parser reads.
  package enum Kind: Sendable, Equatable {
    /// A string.
    case string
    /// A number, handed to the parser as its decimal text.
    case number
    /// `true` or `false`; on the command line a flag without a value, which means `true`.
    case boolean
    /// An array of strings, each parsed and applied in turn; on the command line the flag
    /// may be repeated.
    case strings
  }

  /// Why a value was refused; the command line and the reader each put it in their own words.
  package enum Problem: Error, Equatable {
    /// The value is none of these.
    case notOneOf([String])
    /// The value is not what the setting needs, which this describes:
    /// `"seconds more than 0 and at most 86400"`.
    case expected(String)
  }

  /// Where a value was written, which some settings need to apply it.
  package struct Origin: Sendable {
    /// The configuration file's name, which messages about the engine name; nil for the
    /// command line.
    package var file: String?
    /// The folder a relative path resolves against; nil keeps the path as written.
    package var folder: String?

    /// An origin; the defaults keep paths as written and name no file.
    package init(file: String? = nil, folder: String? = nil) {
      self.file = file
      self.folder = folder
    }
  }

  /// A value checked by its setting's parser, ready to apply to any configuration.
  package struct Assignment: Sendable, Equatable {
    /// The setting's ``RenderSetting/key``.
    package let key: String
    /// The value as written.
    package let value: String
    fileprivate let assign: @Sendable (inout RenderConfiguration, Origin) -> Void

    /// Sets the value in `configuration`.
    package func apply(to configuration: inout RenderConfiguration, from origin: Origin) {
      assign(&configuration, origin)
    }

    /// Two assignments are equal when they set the same key to the same text.
    package static func == (left: Assignment, right: Assignment) -> Bool {
      left.key == right.key && left.value == right.value
    }
  }

  /// Its key in `render.json`, dotted under an object: `"colorScheme"`,
  /// `"options.frontMatter"`.
  package let key: String
  /// Its flag on `render`'s command line (`"--color-scheme"`); nil for a setting only
  /// `render.json` holds.
  package let flag: String?
  /// The value's name in help (`"S"`); nil for a flag that takes no value.
  package let valueName: String?
  /// The JSON type of its value.
  package let kind: Kind
  /// What `render --help` says of it, one line per entry, broken where `--help` breaks it.
  package let help: [String]
  /// The default as the help states it, word for word; nil when the help states none.
  package let shownDefault: String?
  /// A value `render.json` accepts, as JSON text: a test writes it under ``key``.
  package let validSample: String
  /// A value `render.json` refuses, as JSON text.
  package let invalidSample: String
  private let parser: @Sendable (String) throws(Problem) -> Assignment

  private init<Value: Sendable>(
    key: String, flag: String? = nil, valueName: String? = nil, kind: Kind = .string,
    help: [String] = [], shownDefault: String? = nil, samples: (valid: String, invalid: String),
    parse: @escaping @Sendable (String) throws(Problem) -> Value,
    apply: @escaping @Sendable (inout RenderConfiguration, Value, Origin) -> Void
  ) {
    self.key = key
    self.flag = flag
    self.valueName = valueName
    self.kind = kind
    self.help = help
    self.shownDefault = shownDefault
    self.validSample = samples.valid
    self.invalidSample = samples.invalid
    parser = { (raw: String) throws(Problem) -> Assignment in
      let value = try parse(raw)
      return Assignment(key: key, value: raw) { apply(&$0, value, $1) }
    }
  }

  private init<Value: Sendable>(
    key: String, flag: String? = nil, valueName: String? = nil, kind: Kind = .string,
    help: [String] = [], shownDefault: String? = nil, samples: (valid: String, invalid: String),
    parse: @escaping @Sendable (String) throws(Problem) -> Value,
    apply: @escaping @Sendable (inout RenderConfiguration, Value) -> Void
  ) {
    self.init(
      key: key, flag: flag, valueName: valueName, kind: kind, help: help,
      shownDefault: shownDefault, samples: samples, parse: parse
    ) { configuration, value, _ in apply(&configuration, value) }
  }

  /// Checks `raw` (a command-line value, or a JSON value's text) and returns it ready to apply.
  package func parse(_ raw: String) throws(Problem) -> Assignment {
    try parser(raw)
  }

  /// The object the key sits in (`"options"`), empty at the top level.
  package var object: String {
    guard let dot = key.lastIndex(of: ".") else { return "" }
    return String(key[..<dot])
  }

  /// The key's name inside its object: `"frontMatter"`.
  package var name: String {
    guard let dot = key.lastIndex(of: ".") else { return key }
    return String(key[key.index(after: dot)...])
  }

  /// Every setting, in the order `render.json`'s messages list their keys.
  package static let all: [RenderSetting] = [
    engine, profile, extensions, disabledExtensions, tableOfContentsLevels, frontMatter, stylesheet,
    colorScheme,
    title, language, baseURL, sanitize, isolation, deadline, maximumInputBytes, importer,
    maximumWorkerMemoryBytes, maximumOutputRatio,
  ]

  /// The engine's identifier, checked against the registry when the renderer is made.
  package static let engine = RenderSetting(
    key: "engine", flag: "--engine", valueName: "ID",
    help: [
      "the engine (overrides render.json and RENDER_ENGINE): cmark-gfm",
      "(default), cmark, discount, md4c; see --list-engines",
    ],
    shownDefault: "cmark-gfm", samples: (#""cmark""#, "3"), parse: text
  ) { configuration, engine, origin in
    configuration.engine = engine
    configuration.engineSource = origin.file
  }

  /// GitHub Flavored Markdown or strict CommonMark.
  package static let profile = RenderSetting(
    key: "profile", flag: "--profile", valueName: "NAME",
    help: [
      "gfm (default: tables, strikethrough, autolinks, task lists, footnotes,",
      "tagfilter, each engine with those it has; math, alerts, highlight,",
      "emoji, raw HTML through GitHub's allowlist (allowedHTML), heading anchors",
      "(headingAnchors); front matter) or commonmark (none of these: CommonMark",
      "as the spec says; raw HTML omitted unless --unsafe)",
    ],
    shownDefault: "gfm", samples: (#""commonmark""#, #""github""#),
    parse: choice(MarkdownProfile.self)
  ) { $0.profile = $1 }

  /// Extensions added to the profile's, and required of the engine.
  package static let extensions = RenderSetting(
    key: "options.extensions", flag: "--extension", valueName: "NAME", kind: .strings,
    help: ["add an extension to the profile (the engine must have it);"]
      + listed(RenderFeature.extensions.map(\.rawValue), after: "repeatable: "),
    samples: (#"["footnotes"]"#, #"["emojis"]"#),
    parse: extensionName
  ) { $0.options.extensions.insert($1) }

  /// Extensions of the profile left off.
  package static let disabledExtensions = RenderSetting(
    key: "options.disabledExtensions", flag: "--no-extension", valueName: "NAME", kind: .strings,
    help: [
      "leave a profile's extension off (e.g. math, emoji, headingAnchors,",
      "allowedHTML); repeatable",
    ],
    samples: (#"["math"]"#, #"["emojis"]"#),
    parse: extensionName
  ) { $0.disabledExtensions.insert($1) }

  /// The heading levels the table of contents lists.
  package static let tableOfContentsLevels = RenderSetting(
    key: "options.tableOfContentsLevels", flag: "--table-of-contents-levels", valueName: "L",
    help: ["the heading levels it lists: 2-3, or 2 (default 1-6)"], shownDefault: "1-6",
    samples: (#""2-3""#, #""7""#),
    parse: { (raw: String) throws(Problem) -> ClosedRange<Int> in
      guard let levels = RenderOptions.tableOfContentsLevels(parsing: raw) else {
        throw .expected("levels as 2-3 or 2, from 1 to 6")
      }
      return levels
    }
  ) { $0.options.tableOfContentsLevels = $1 }

  /// What a leading `---` YAML block becomes.
  package static let frontMatter = RenderSetting(
    key: "options.frontMatter", flag: "--front-matter", valueName: "MODE",
    help: [
      "a leading --- YAML block: metadata (default in the gfm profile: taken",
      "out; its title is the page title; malformed YAML is an error),",
      "metadataOrText (malformed YAML renders as text), text (never taken",
      "out; the commonmark profile's default)",
    ],
    shownDefault: "metadata", samples: (#""text""#, #""yaml""#),
    parse: choice(FrontMatterMode.self)
  ) {
    $0.options.frontMatter = $1
    $0.frontMatterIsChosen = true
  }

  /// The stylesheet file, resolved against the origin's folder.
  package static let stylesheet = RenderSetting(
    key: "stylesheet", flag: "--stylesheet", valueName: "FILE",
    help: ["the CSS for pages and styled text (default: the built-in theme)"],
    shownDefault: "the built-in theme", samples: (#""/srv/site.css""#, "true"), parse: text
  ) { configuration, path, origin in
    configuration.stylesheet =
      origin.folder.map {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: $0 + "/")).path
      } ?? path
  }

  /// The colour scheme of styled text.
  package static let colorScheme = RenderSetting(
    key: "colorScheme", flag: "--color-scheme", valueName: "S",
    help: [
      "light or dark, for styled text (text, json, terminal) and the page",
      "(which otherwise follows the reader's preference); terminal output",
      "follows the terminal's background (COLORFGBG, else an OSC 11",
      "query) unless this is given",
    ],
    samples: (#""dark""#, #""sepia""#), parse: choice(ColorScheme.self)
  ) {
    $0.colorScheme = $1
    $0.pageColorScheme = $1
  }

  /// The page's title.
  package static let title = RenderSetting(
    key: "title", flag: "--title", valueName: "TEXT",
    help: ["the page title (default: the first heading, then the file name)"],
    shownDefault: "the first heading, then the file name", samples: (#""Notes""#, "[]"),
    parse: text
  ) { $0.title = $1 }

  /// The page's language.
  package static let language = RenderSetting(
    key: "language", flag: "--language", valueName: "TAG",
    help: [#"the page's language, <html lang="TAG"> (e.g. en)"#], samples: (#""en""#, "null"),
    parse: text
  ) { $0.language = $1 }

  /// The page's `<base href>`.
  package static let baseURL = RenderSetting(
    key: "baseURL", flag: "--base-url", valueName: "URL",
    help: ["the page's <base href>, which its relative links resolve against"],
    samples: (#""https://example.org/""#, "{}"), parse: text
  ) { $0.baseURL = $1 }

  /// Whether HTML output goes through the sanitizer's allowlist.
  package static let sanitize = RenderSetting(
    key: "sanitize", flag: "--sanitize", kind: .boolean,
    help: [
      "raw HTML through GitHub's allowlist in every profile, even with",
      "--unsafe; HTML input (--from html) is sanitized even with --unsafe",
    ],
    samples: ("true", #""yes""#), parse: boolean
  ) { $0.sanitize = $1 }

  /// Where engines run. `in-process` is the command line's spelling of `inProcess`: both
  /// are read everywhere, one value with two spellings.
  package static let isolation = RenderSetting(
    key: "isolation", flag: "--isolation", valueName: "MODE",
    help: [
      "process: run the engine in a worker process that is stopped at the",
      "deadline; in-process: never. Default: every engine that is not",
      "safe on hostile input, which is every built-in one",
    ],
    shownDefault: "every engine that is not safe on hostile input",
    samples: (#""in-process""#, #""thread""#),
    parse: { (raw: String) throws(Problem) -> IsolationMode in
      switch raw {
      case "process": .process
      case "in-process", IsolationMode.inProcess.rawValue: .inProcess
      default: throw .notOneOf(["process", "in-process"])
      }
    }
  ) { $0.isolation = $1 }

  /// How long a render may take in a worker.
  package static let deadline = RenderSetting(
    key: "deadline", flag: "--deadline", valueName: "SECONDS", kind: .number,
    help: [
      "how long a render may take in a worker, whatever its size",
      "(default: 0.25 s of processor time + 0.35 s per MB of input,",
      "at most 10 s)",
    ],
    shownDefault: "0.25 s of processor time + 0.35 s per MB of input, at most 10 s",
    samples: ("2.5", "0"),
    parse: { (raw: String) throws(Problem) -> Double in
      guard let seconds = Double(raw), seconds > 0, seconds <= 86_400 else {
        throw .expected("seconds more than 0 and at most 86400")
      }
      return seconds
    }
  ) { $0.limits.deadline = .milliseconds(Int64(($1 * 1000).rounded(.up))) }

  /// The largest input read.
  package static let maximumInputBytes = RenderSetting(
    key: "maximumInputBytes", kind: .number, samples: ("1048576", "1.5"),
    parse: wholeNumber(1...Double(Int32.max), "of bytes from 1 to \(Int32.max)")
  ) { $0.limits.maximumInputBytes = $1 }

  /// The HTML importer's identifier, checked against the registry when it is used.
  package static let importer = RenderSetting(
    key: "importer", flag: "--importer", valueName: "ID",
    help: ["the HTML importer: html5 (default, HTML5's tree) or libxml2"],
    shownDefault: "html5", samples: (#""libxml2""#, "2"), parse: text
  ) { $0.importer = $1 }

  /// The memory one render may take in its worker.
  package static let maximumWorkerMemoryBytes = RenderSetting(
    key: "maximumWorkerMemoryBytes", flag: "--worker-memory", valueName: "BYTES", kind: .number,
    help: [
      "the memory one render may add to its worker, in bytes, from 16 MiB",
      "(default 536870912, 512 MiB; an input of more than 1/48 of it gets",
      "48 times its size)",
    ],
    shownDefault: "536870912", samples: ("33554432", "1024"),
    parse: wholeNumber(16_777_216...1_099_511_627_776, "of bytes from 16 MiB to 1 TiB")
  ) { $0.limits.maximumWorkerMemoryBytes = $1 }

  /// The largest output as a multiple of the input.
  package static let maximumOutputRatio = RenderSetting(
    key: "maximumOutputRatio", kind: .number, samples: ("128", "0"),
    parse: wholeNumber(1...1_000_000, "from 1 to 1000000")
  ) { $0.limits.maximumOutputRatio = $1 }

  // MARK: Parsers

  @Sendable private static func text(_ raw: String) -> String { raw }

  @Sendable private static func boolean(_ raw: String) throws(Problem) -> Bool {
    switch raw {
    case "true": true
    case "false": false
    default: throw .notOneOf(["true", "false"])
    }
  }

  @Sendable private static func extensionName(_ raw: String) throws(Problem) -> RenderFeature {
    guard let feature = RenderFeature(extensionName: raw) else {
      throw .notOneOf(RenderFeature.extensions.map(\.rawValue))
    }
    return feature
  }

  /// A parser for one of `Choice`'s raw values.
  private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ type: Choice.Type
  ) -> @Sendable (String) throws(Problem) -> Choice where Choice.RawValue == String {
    { (raw: String) throws(Problem) -> Choice in
      guard let choice = Choice(rawValue: raw) else {
        throw .notOneOf(Choice.allCases.map(\.rawValue))
      }
      return choice
    }
  }

  /// A parser for a whole number in `range`; `unit` finishes "a whole number …".
  private static func wholeNumber(
    _ range: ClosedRange<Double>, _ unit: String
  ) -> @Sendable (String) throws(Problem) -> Int {
    { (raw: String) throws(Problem) -> Int in
      guard let number = Double(raw), range.contains(number), number == number.rounded() else {
        throw .expected("a whole number \(unit)")
      }
      return Int(number)
    }
  }

  /// `names` after `lead`, comma-separated and broken into lines as wide as a description
  /// in `render --help` (69 columns), a line ending with a comma when the list goes on.
  private static func listed(_ names: [String], after lead: String) -> [String] {
    let width = 69
    var lines = [lead]
    for name in names {
      let last = lines[lines.count - 1]
      if last == lead {
        lines[lines.count - 1] = last + name
      } else if last.count + 2 + name.count <= width {
        lines[lines.count - 1] = last + ", " + name
      } else {
        lines[lines.count - 1] = last + ","
        lines.append(name)
      }
    }
    return lines
  }
}
