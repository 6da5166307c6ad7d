/// Collects a stylesheet's diagnostics, with positions, up to a limit.
///
/// Hostile input can hold a problem every few bytes; past ``limit`` diagnostics only a count is
/// kept, and one final diagnostic says how many were left out.
struct DiagnosticLog {
  /// The most diagnostics reported one by one.
  static let limit = 1000

  private var locator: SourceLocator
  private var recorded: [StylesheetDiagnostic] = []
  private var omitted = 0

  init(bytes: [UInt8]) {
    locator = SourceLocator(bytes: bytes)
  }

  /// Records `message` at byte `offset`.
  mutating func report(_ message: String, at offset: Int) {
    guard recorded.count < Self.limit else {
      omitted += 1
      return
    }
    let (line, column) = locator.location(of: offset)
    recorded.append(StylesheetDiagnostic(line: line, column: column, message: message))
  }

  /// Everything reported, in order, with a final summary when some were left out.
  var diagnostics: [StylesheetDiagnostic] {
    guard omitted > 0, let last = recorded.last else { return recorded }
    let summary = StylesheetDiagnostic(
      line: last.line, column: last.column,
      message: "\(omitted) further problems not listed (only the first \(Self.limit) are)")
    return recorded + [summary]
  }
}
