import CSourceHighlight
import Foundation

/// A run as the library reports it: UTF-8 offsets and the class of its element (nil: the
/// class of the run before it).
struct ElementRun {
  let start: Int
  let end: Int
  let tokenClass: TokenClass?
}

/// The one place that calls GNU source-highlight (through CSourceHighlight's C header).
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
      let loaded: Loaded
      switch load(language, into: library) {
      case .success(let found): loaded = found
      case .failure(let fallback): return .failure(fallback)
      }
      var text = code
      return text.withUTF8 { bytes in
        var tokens: UnsafeMutablePointer<SourceHighlightToken>?
        var count = 0
        let status = bytes.withMemoryRebound(to: CChar.self) { characters in
          source_highlight_tokens(
            loaded.language, characters.baseAddress, characters.count,
            limits.maximumLineBytes, limits.budgetSeconds, &tokens, &count)
        }
        defer { source_highlight_tokens_free(tokens) }
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
    _ language: HighlightLanguage, into library: Library
  ) -> Result<Loaded, HighlightFallback> {
    if let loaded = library.loaded[language.name] { return .success(loaded) }
    if let message = library.failures[language.name] {
      return .failure(.highlighterFailed(message))
    }
    let directory = language.bundled ? bundledDirectory : systemDirectory
    var error = [CChar](repeating: 0, count: 512)
    let pointer = directory.flatMap { directory in
      source_highlight_language_load(directory, language.definition, &error, error.count)
    }
    guard let pointer else {
      let reason = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
        as: UTF8.self)
      let message = "\(language.definition): \(reason.isEmpty ? "not found" : reason)"
      library.failures[language.name] = message
      return .failure(.highlighterFailed(message))
    }
    let classes = (0..<source_highlight_language_element_count(pointer)).map {
      index -> TokenClass? in
      let name = String(cString: source_highlight_language_element_name(pointer, index))
      if ElementClasses.inheriting.contains(name) { return nil }
      return language.elementClasses[name] ?? ElementClasses.usual[name] ?? .plain
    }
    let loaded = Loaded(language: pointer, classes: classes)
    library.loaded[language.name] = loaded
    return .success(loaded)
  }
}
