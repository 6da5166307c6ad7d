import Foundation

/// Every failure the framework reports: what went wrong, where, which limit, and what to do next.
///
/// ```swift
/// do {
///   let html = try renderer.render(markdown: text)
/// } catch {
///   print(error.description)  // e.g. "cmark does not support tables; engines that do: discount. …"
/// }
/// ```
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No engine has this identifier; `available` lists the registered ones.
  case unknownEngine(String, available: [String])
  /// The engine lacks a feature the options ask for; `supportedBy` lists the engines that have it.
  case unsupportedFeature(RenderFeature, engine: String, supportedBy: [String])
  /// A configuration file or source is wrong: `source` names it, `key` the entry (if any).
  case invalidConfiguration(source: String, key: String?, problem: String)
  /// The input exceeds a limit: `limit` names it, `value` and `maximum` are in the limit's unit.
  case limitExceeded(limit: String, value: Int, maximum: Int)
  /// The engine did not finish before the deadline (in seconds) and was stopped.
  case deadlineExceeded(engine: String, seconds: Double)
  /// The engine's worker process died; `detail` says how (signal, exit status).
  case engineCrashed(engine: String, detail: String)
  /// The engine reported a failure of its own.
  case engineFailed(engine: String, detail: String)
  /// A stylesheet could not be used (strict mode): where and what.
  case invalidStylesheet(line: Int, column: Int, problem: String)
  /// The document's front matter is not valid YAML: where (line and column in the document)
  /// and what.
  case invalidFrontMatter(line: Int, column: Int, problem: String)
  /// HTML could not be imported.
  case importFailed(String)
  /// A file could not be read or written.
  case fileUnreadable(path: String, reason: String)
  /// A server (the live preview's) could not start: `detail` says why.
  case serverUnavailable(String)

  /// A message that says what went wrong and what to do next.
  public var description: String {
    switch self {
    case .unknownEngine(let name, let available):
      return "unknown engine \"\(name)\"; valid engines: \(available.joined(separator: ", "))."
    case .unsupportedFeature(let feature, let engine, let supportedBy):
      let others =
        supportedBy.isEmpty
        ? "no registered engine supports it; drop it from the options"
        : "engines that do: \(supportedBy.joined(separator: ", ")); choose one of them or drop it"
      return "\(engine) does not support \(feature.rawValue); \(others)."
    case .invalidConfiguration(let source, let key, let problem):
      let place = key.map { "\(Self.printable(source)): key \"\($0)\"" } ?? Self.printable(source)
      return "\(place): \(problem)"
    case .limitExceeded(let limit, let value, let maximum):
      switch limit {
      case RenderLimits.memoryLimitName:
        return
          "rendering this input needed more than the \(limit) limit (\(value) > \(maximum)) and "
          + "was stopped; raise it (render's --worker-memory BYTES, \"maximumWorkerMemoryBytes\" "
          + "in render.json), or shorten the input."
      case RenderLimits.inputLimitName:
        return
          "input exceeds the \(limit) limit (\(value) > \(maximum)); raise maximumInputBytes, "
          + "or shorten the input."
      case RenderLimits.outputLimitName:
        return
          "the output exceeds the \(limit) limit (\(value) > \(maximum)); raise "
          + "maximumOutputRatio, or shorten the input."
      default:
        return
          "input exceeds the \(limit) limit (\(value) > \(maximum)); raise the limit or shorten the input."
      }
    case .deadlineExceeded(let engine, let seconds):
      return
        "\(engine) did not finish within \(Self.format(seconds)) s and was stopped; "
        + "raise the deadline, or try another engine for this input."
    case .engineCrashed(let engine, let detail):
      return
        "\(engine) crashed on this input (\(detail)); the host was not affected. "
        + "Try another engine for this input."
    case .engineFailed(let engine, let detail):
      return "\(engine) failed: \(detail)."
    case .invalidStylesheet(let line, let column, let problem):
      return "stylesheet \(line):\(column): \(problem); fix the rule or use the tolerant mode."
    case .invalidFrontMatter(let line, let column, let problem):
      return
        "front matter \(line):\(column): \(problem); fix the YAML, or choose the front matter "
        + "mode metadataOrText to render it as text."
    case .importFailed(let detail):
      return "HTML import failed: \(detail)."
    case .fileUnreadable(let path, let reason):
      return "\(Self.printable(path)): \(reason)."
    case .serverUnavailable(let detail):
      return "the server could not start: \(detail)."
    }
  }

  /// `text` (a file name, say) safe to print in a terminal: control characters, which could
  /// move the cursor or recolour the screen, are written as `\u{1B}`-style escapes.
  ///
  /// ```swift
  /// RenderError.printable("a\u{1B}[2Jb.md")  // "a\\u{1B}[2Jb.md"
  /// ```
  public static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// C0 and C1 controls, DEL, and the line and paragraph separators.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3g", seconds)
  }
}
