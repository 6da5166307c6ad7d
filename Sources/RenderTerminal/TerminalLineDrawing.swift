/// The characters that draw table borders, rules and quote bars.
///
/// ```swift
/// let drawing = TerminalLineDrawing(environment: ProcessInfo.processInfo.environment)
/// let renderer = TerminalRenderer(width: 80, lineDrawing: drawing)
/// ```
public enum TerminalLineDrawing: String, Sendable, Hashable, CaseIterable {
  /// Box-drawing characters (`┌─┬─┐`, `│`, `═`).
  case unicode
  /// ASCII only (`+-+`, `|`, `=`), for a terminal whose locale is not UTF-8.
  case ascii

  /// `unicode` when the locale's character set is UTF-8, read as the C library does: the
  /// first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty; `ascii` otherwise
  /// (also when none is set, the C locale).
  public init(environment: [String: String]) {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    let normalized = (locale ?? "").lowercased().filter { $0 != "-" }
    self = normalized.contains("utf8") ? .unicode : .ascii
  }

  var horizontal: String { self == .unicode ? "─" : "-" }
  var doubleHorizontal: String { self == .unicode ? "═" : "=" }
  var vertical: String { self == .unicode ? "│" : "|" }

  /// The left, middle and right joints of a border: `top`, the header rule or `bottom`.
  func joints(_ border: Border) -> (left: String, middle: String, right: String) {
    guard self == .unicode else { return ("+", "+", "+") }
    switch border {
    case .top: return ("┌", "┬", "┐")
    case .header: return ("╞", "╪", "╡")
    case .bottom: return ("└", "┴", "┘")
    }
  }

  /// A horizontal border of a table.
  enum Border {
    case top, header, bottom
  }
}
