import CSourceHighlightHeaders
import Foundation
import RenderCore

#if canImport(Glibc)
  import Glibc
#endif

/// A run as the library reports it: UTF-8 offsets and the class of its element (nil: the
/// class of the run before it).
struct ElementRun {
  let start: Int
  let end: Int
  let tokenClass: TokenClass?
}

/// The one place that calls GNU source-highlight (through CSourceHighlight's C header).
///
/// The shim is a shared object loaded on the first block to highlight, not linked: linked, it
/// brings boost_regex and ICU into every start of `render` and its worker, most of which
/// highlight nothing. Where it cannot be loaded, every block is left plain with the reason.
///
/// Every call into the library holds one process-wide lock: its definition parser keeps
/// process-wide state, and a state it copies while highlighting draws its id from an
/// unsynchronised static counter. The lock is an NSLock (a pthread mutex), which
/// ThreadSanitizer sees, unlike Synchronization's Mutex on Linux. Each language is read once
/// per process, on first use, and kept for the process's life.
enum SourceHighlightBridge {
  /// Debian's definitions (libsource-highlight-common).
  static let systemDirectory = "/usr/share/source-highlight"

  private struct Loaded {
    let language: OpaquePointer
    let classes: [TokenClass?]
  }

  /// The languages read so far and those that failed, only touched under `lock`.
  private final class Library: @unchecked Sendable {
    let lock = NSLock()
    /// nil until the first block to highlight.
    var shim: Result<Shim, HighlightFallback>?
    var loaded: [String: Loaded] = [:]
    var failures: [String: String] = [:]
  }

  private static let library = Library()

  /// This package's definitions, in its resource bundle.
  static let bundledDirectory: String? = Bundle.module.resourceURL?
    .appendingPathComponent("Languages").path

  /// The runs of `code` in `language`, or why it was left plain.
  static func runs(
    code: String, language: HighlightLanguage, limits: HighlightLimits
  ) -> Result<[ElementRun], HighlightFallback> {
    library.lock.withLock {
      let shim: Shim
      switch library.shim ?? Shim.load() {
      case .success(let found):
        library.shim = .success(found)
        shim = found
      case .failure(let fallback):
        library.shim = .failure(fallback)
        return .failure(fallback)
      }
      let loaded: Loaded
      switch load(language, into: library, with: shim) {
      case .success(let found): loaded = found
      case .failure(let fallback): return .failure(fallback)
      }
      var text = code
      return text.withUTF8 { bytes in
        var tokens: UnsafeMutablePointer<SourceHighlightToken>?
        var count = 0
        let status = bytes.withMemoryRebound(to: CChar.self) { characters in
          shim.tokens(
            loaded.language, characters.baseAddress, characters.count,
            limits.maximumLineBytes, limits.budgetSeconds, &tokens, &count)
        }
        defer { shim.tokensFree(tokens) }
        switch status {
        case SourceHighlightStatusOK:
          guard let tokens else { return .success([]) }
          let runs = UnsafeBufferPointer(start: tokens, count: count).map { token in
            ElementRun(
              start: Int(token.start), end: Int(token.end),
              tokenClass: loaded.classes[Int(token.element)])
          }
          return .success(runs)
        case SourceHighlightStatusLineTooLong:
          return .failure(.lineTooLong(limit: limits.maximumLineBytes))
        case SourceHighlightStatusOverBudget:
          return .failure(.overBudget(seconds: limits.budgetSeconds))
        case SourceHighlightStatusTooLarge:
          return .failure(.blockTooLarge(bytes: bytes.count, limit: Int(UInt32.max) - 1))
        default:
          return .failure(.highlighterFailed("source-highlight failed on \(language.name)"))
        }
      }
    }
  }

  private static func load(
    _ language: HighlightLanguage, into library: Library, with shim: Shim
  ) -> Result<Loaded, HighlightFallback> {
    if let loaded = library.loaded[language.name] { return .success(loaded) }
    if let message = library.failures[language.name] {
      return .failure(.highlighterFailed(message))
    }
    let directory = language.bundled ? bundledDirectory : systemDirectory
    var error = [CChar](repeating: 0, count: 512)
    let pointer = directory.flatMap { directory in
      shim.languageLoad(directory, language.definition, &error, error.count)
    }
    guard let pointer else {
      let reason = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
        as: UTF8.self)
      let message = "\(language.definition): \(reason.isEmpty ? "not found" : reason)"
      library.failures[language.name] = message
      return .failure(.highlighterFailed(message))
    }
    let classes = (0..<shim.languageElementCount(pointer)).map {
      index -> TokenClass? in
      let name = shim.languageElementName(pointer, index).map { String(cString: $0) } ?? ""
      if ElementClasses.inheriting.contains(name) { return nil }
      return language.elementClasses[name] ?? ElementClasses.usual[name] ?? .plain
    }
    let loaded = Loaded(language: pointer, classes: classes)
    library.loaded[language.name] = loaded
    return .success(loaded)
  }

  /// The shim's entry points, resolved in the shared object once per process.
  struct Shim: @unchecked Sendable {
    let languageLoad: SourceHighlightLanguageLoad
    let languageElementCount: SourceHighlightLanguageElementCount
    let languageElementName: SourceHighlightLanguageElementName
    let tokens: SourceHighlightTokens
    let tokensFree: SourceHighlightTokensFree

    /// Where the shim is looked for: in this module's resource bundle beside the executable,
    /// where the SourceHighlightShim plugin builds it (so in every build that includes
    /// RenderHighlight, an app's too), then beside the executable and by its bare name, which
    /// the loader looks up in the run path and the system's.
    ///
    /// The bundle is found by its name's suffix, not through `Bundle.module`: that stops the
    /// process when the bundle is missing (a binary copied alone, which must show code plain),
    /// and its name starts with the package's identity, which in an app is the last component
    /// of the URL it depends on.
    static var candidates: [String] {
      let file = SOURCE_HIGHLIGHT_SHIM_FILE
      guard let executable = LinuxSystem.executablePath() else { return [file] }
      let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
      let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix("_RenderHighlight.resources") }.sorted()
      return bundles.map { directory.appendingPathComponent($0).appendingPathComponent(file).path }
        + [directory.appendingPathComponent(file).path, file]
    }

    /// Loads the first of `paths` that loads and binds its entry points, or says why none did.
    static func load(from paths: [String] = candidates) -> Result<Shim, HighlightFallback> {
      var reasons: [String] = []
      for path in paths {
        // Local: the shim's C++ symbols stay out of the process's global scope.
        let handle: UnsafeMutableRawPointer
        switch LinuxSystem.loadSharedObject(path) {
        case .success(let loaded): handle = loaded
        case .failure(let failure):
          reasons.append(failure.reason)
          continue
        }
        if let shim = bind(handle) { return .success(shim) }
        reasons.append("\(path) lacks the shim's entry points")
        LinuxSystem.unloadSharedObject(handle)
      }
      return .failure(
        .highlighterFailed(
          "cannot load \(SOURCE_HIGHLIGHT_SHIM_FILE) (\(reasons.joined(separator: "; "))); "
            + "it is built into RenderHighlight's resources: rebuild with libsource-highlight-dev"))
    }

    private static func bind(_ handle: UnsafeMutableRawPointer) -> Shim? {
      func symbol<Function>(_ name: String, as _: Function.Type) -> Function? {
        LinuxSystem.function(name, in: handle, as: Function.self)
      }
      guard
        let languageLoad = symbol(
          "source_highlight_language_load", as: SourceHighlightLanguageLoad.self),
        let languageElementCount = symbol(
          "source_highlight_language_element_count",
          as: SourceHighlightLanguageElementCount.self),
        let languageElementName = symbol(
          "source_highlight_language_element_name", as: SourceHighlightLanguageElementName.self),
        let tokens = symbol("source_highlight_tokens", as: SourceHighlightTokens.self),
        let tokensFree = symbol("source_highlight_tokens_free", as: SourceHighlightTokensFree.self)
      else { return nil }
      return Shim(
        languageLoad: languageLoad, languageElementCount: languageElementCount,
        languageElementName: languageElementName, tokens: tokens, tokensFree: tokensFree)
    }
  }
}
