import Foundation
import RenderCore
import RenderStyling

/// Which engine renders, with which options and stylesheet: what `render.json` holds.
///
/// ```json
/// {"profile": "commonmark", "options": {"smartPunctuation": true, "extensions": ["tables"]}}
/// ```
///
/// ```swift
/// let configuration = try RenderConfiguration.resolve()   // ./render.json, then RENDER_ENGINE
/// let renderer = try Renderer(configuration: configuration)
/// ```
///
/// Every problem (unknown key or value, wrong type, unknown engine, unsupported feature)
/// is a ``RenderError/invalidConfiguration(source:key:problem:)`` naming the file, the key
/// and the valid choices.
public struct RenderConfiguration: Sendable, Hashable {
  /// The file name looked for in the working directory when no path is given.
  public static let defaultFileName = "render.json"
  /// The environment variable that overrides the engine.
  public static let engineVariable = "RENDER_ENGINE"
  /// The largest configuration file read, in bytes.
  static let maximumFileBytes = 1 << 20

  /// The engine's identifier; `"cmark-gfm"` by default.
  public var engine: String = "cmark-gfm"
  /// What Markdown means: GitHub Flavored Markdown (the default) or strict CommonMark; its
  /// extensions are added to ``options`` for each engine that has them.
  public var profile: MarkdownProfile = .gfm
  /// Extensions of the profile left off (`"disabledExtensions": ["math"]`,
  /// `--no-extension math`).
  public var disabledExtensions: Set<RenderFeature> = []
  /// The engine-neutral options; `extensions` add to the profile's and are required.
  public var options = RenderOptions()
  /// Whether `options.frontMatter` was chosen (`render.json`'s `options.frontMatter`,
  /// `--front-matter`) rather than left as it is: the `commonmark` profile reads no front
  /// matter (a leading `---` is a rule, as CommonMark says) unless it was chosen.
  public var frontMatterIsChosen = false
  /// The stylesheet file for pages and styled text (absolute, or relative to the working
  /// directory); nil means the package's default stylesheet.
  public var stylesheet: String?
  /// The stylesheet's CSS text, for apps that hold it rather than a file; set this or
  /// ``stylesheet``, not both.
  public var stylesheetCSS: String?
  /// The colour scheme for styled text; pages follow the reader's preference.
  public var colorScheme: ColorScheme = .light
  /// The scheme pages are shown in whatever the reader prefers; nil (the default) follows the
  /// reader. `render --color-scheme` and `render.json`'s `colorScheme` set it with
  /// ``colorScheme``.
  public var pageColorScheme: ColorScheme?
  /// The page title; nil means the first heading, then the file name.
  public var title: String?
  /// The page's language, the `lang` of its `<html>` element (e.g. `"en"`); nil leaves it out.
  public var language: String?
  /// The page's `<base href>`, which its relative links and images resolve against; nil
  /// leaves it out (they resolve against the page's own location).
  public var baseURL: String?
  /// The HTML importer's identifier (`html5`, `libxml2`); nil means the registry's default.
  public var importer: String?
  /// Input size and time budgets.
  public var limits = RenderLimits()
  /// Whether raw HTML in Markdown passes GitHub's allowlist whatever the profile, even with
  /// `unsafe`, and HTML given as input is sanitized even with `unsafe`.
  public var sanitize = false
  /// Where engines run; nil (automatic) isolates the engines that are not safe on hostile
  /// input in a worker process when the worker executable is available.
  public var isolation: IsolationMode?
  /// Where ``engine`` was set, for messages: a file name or `RENDER_ENGINE`; nil when it is
  /// the default or was set in code or by a command-line flag.
  public var engineSource: String?

  /// The defaults: cmark-gfm with the GFM profile, safe options, the default stylesheet, light
  /// scheme.
  public init() {}

  /// Reads the configuration an app or CLI should use: the file at `path` if given (it must
  /// exist), else `render.json` in `currentDirectory` if present, else the defaults; then
  /// `RENDER_ENGINE` from `environment`, when set, overrides the engine.
  public static func resolve(
    path: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(RenderError) -> RenderConfiguration {
    var configuration = RenderConfiguration()
    if let path {
      configuration = try load(
        file: URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory + "/")))
    } else {
      let candidate = URL(fileURLWithPath: currentDirectory).appendingPathComponent(defaultFileName)
      if FileManager.default.fileExists(atPath: candidate.path) {
        configuration = try load(file: candidate)
      }
    }
    if let engine = environment[engineVariable], !engine.isEmpty {
      configuration.engine = engine
      configuration.engineSource = engineVariable
    }
    return configuration
  }

  /// Reads a configuration file; a relative `stylesheet` is resolved against the file's folder.
  public static func load(file: URL) throws(RenderError) -> RenderConfiguration {
    let source = file.relativePath
    let data: Data
    do {
      data = try LimitedInput.read(path: file.path, maximumBytes: maximumFileBytes)
    } catch .fileUnreadable(_, let reason) {
      throw .invalidConfiguration(
        source: source, key: nil, problem: "cannot read the file (\(reason))")
    }
    var configuration = try parse(data, source: source)
    if let stylesheet = configuration.stylesheet, !stylesheet.hasPrefix("/") {
      configuration.stylesheet =
        file.deletingLastPathComponent().appendingPathComponent(stylesheet).path
    }
    return configuration
  }

  /// Parses configuration JSON; `source` names it in messages. The JSON is strict (RFC 8259:
  /// no comments, no trailing commas); a syntax error names its line and column.
  public static func parse(_ data: Data, source: String) throws(RenderError) -> RenderConfiguration
  {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: data)
    } catch {
      let (line, column) = error.position(in: data)
      throw .invalidConfiguration(
        source: source, key: nil,
        problem:
          "line \(line), column \(column): not valid JSON (\(error.description(in: data))); "
          + "fix the syntax")
    }
    if let duplicate = JSONDuplicateKeys.first(in: data) {
      throw .invalidConfiguration(
        source: source, key: duplicate,
        problem: "the key appears more than once; keep one of them")
    }
    return try RenderConfiguration().overlaid(with: value, source: source)
  }

  /// The options `engine` renders with: ``options`` plus the ``profile``'s extensions it has;
  /// in the `commonmark` profile no front matter unless ``frontMatterIsChosen``; with
  /// ``sanitize``, raw HTML through GitHub's allowlist, `unsafe` or not (one allowlist).
  public func options(for engine: EngineDescriptor) -> RenderOptions {
    var options = profile.options(options, for: engine, disabled: disabledExtensions)
    if profile == .commonMark && !frontMatterIsChosen { options.frontMatter = .text }
    if sanitize {
      options.unsafe = false
      options.extensions.insert(.allowedHTML)
    }
    return options
  }

  /// Checks that the engine exists in `registry` and supports the options, that at most one
  /// stylesheet is given, and that the base URL could not run script.
  public func validate(against registry: EngineRegistry) throws(RenderError) {
    if stylesheet != nil && stylesheetCSS != nil {
      throw .invalidConfiguration(
        source: "stylesheetCSS", key: nil,
        problem: "both a stylesheet file and stylesheet CSS are set; keep one of them")
    }
    if let baseURL, URLSafety.isDangerous(baseURL) {
      throw .invalidConfiguration(
        source: "baseURL", key: nil,
        problem:
          "\"\(baseURL)\" could run script or read local files; use an http or https URL, "
          + "or a relative path")
    }
    do {
      try registry.engine(id: engine).checkSupport(of: options, in: registry)
    } catch {
      guard let engineSource else { throw error }
      let key: String? =
        switch error {
        case .unknownEngine: engineSource == Self.engineVariable ? nil : "engine"
        default: "options"
        }
      throw .invalidConfiguration(source: engineSource, key: key, problem: error.description)
    }
  }
}
