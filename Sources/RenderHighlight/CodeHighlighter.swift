/// Splits fenced code blocks into classed runs, with GNU source-highlight.
///
/// Each language's definition is read once per process, on first use, and shared by every
/// highlighter and thread. A block past the limits is returned as one plain run with the
/// reason, never highlighted in part.
public struct CodeHighlighter: Sendable {
  /// A highlighter with the default limits.
  public static let shared = CodeHighlighter()

  /// The bounds every call keeps to.
  public let limits: HighlightLimits

  /// A highlighter that keeps to `limits`.
  public init(limits: HighlightLimits = .default) {
    self.limits = limits
  }

  /// The canonical names of the languages highlighted, sorted; each alias of them works too.
  public static var supportedLanguages: [String] {
    LanguageTable.languages.map(\.name).sorted()
  }

  /// The canonical language an info string names (`js` → `javascript`, `rust,ignore` →
  /// `rust`), or nil when no known language is named.
  public static func canonicalLanguage(infoString: String) -> String? {
    language(infoString: infoString)?.name
  }

  /// `code` split into classed runs that cover it exactly, or nil when `language` (an info
  /// string, or its first word) names no known language.
  public func tokens(code: String, language: String) -> HighlightResult? {
    guard let known = Self.language(infoString: language) else { return nil }
    let byteCount = code.utf8.count
    let plain = [HighlightToken(utf8Range: 0..<byteCount, tokenClass: .plain)]
    if byteCount > limits.maximumBlockBytes {
      return HighlightResult(
        language: known.name, tokens: plain,
        fallback: .blockTooLarge(bytes: byteCount, limit: limits.maximumBlockBytes))
    }
    if byteCount == 0 { return HighlightResult(language: known.name, tokens: []) }
    switch SourceHighlightBridge.runs(code: code, language: known, limits: limits) {
    case .success(let runs):
      return HighlightResult(
        language: known.name, tokens: Self.cover(code.utf8, with: runs))
    case .failure(let fallback):
      return HighlightResult(language: known.name, tokens: plain, fallback: fallback)
    }
  }

  private static func language(infoString: String) -> HighlightLanguage? {
    let word = infoString.lowercased().split(whereSeparator: { " \t,{}".contains($0) }).first
    guard var name = word.map(String.init) else { return nil }
    if name.hasPrefix(".") { name.removeFirst() }
    return LanguageTable.byName[name]
  }

  /// Tokens covering all of `utf8` from runs that may leave gaps (newlines, unmatched text)
  /// and may end inside a multi-byte character; adjacent runs of one class merge.
  static func cover(_ utf8: String.UTF8View, with runs: [ElementRun]) -> [HighlightToken] {
    let bytes = Array(utf8)
    var tokens: [HighlightToken] = []
    var cursor = 0
    var previous = TokenClass.plain
    func append(_ range: Range<Int>, _ tokenClass: TokenClass) {
      guard !range.isEmpty else { return }
      if let last = tokens.last, last.tokenClass == tokenClass,
        last.utf8Range.upperBound == range.lowerBound
      {
        tokens[tokens.count - 1] = HighlightToken(
          utf8Range: last.utf8Range.lowerBound..<range.upperBound, tokenClass: tokenClass)
      } else {
        tokens.append(HighlightToken(utf8Range: range, tokenClass: tokenClass))
      }
    }
    func scalarStart(_ offset: Int) -> Int {
      var offset = min(max(offset, 0), bytes.count)
      while offset < bytes.count, offset > 0, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    }
    for run in runs {
      let start = max(scalarStart(run.start), cursor)
      let end = scalarStart(run.end)
      guard end > start else { continue }
      append(cursor..<start, .plain)
      let tokenClass =
        run.tokenClass ?? (previous == .comment || previous == .string ? previous : .plain)
      append(start..<end, tokenClass)
      previous = tokenClass
      cursor = end
    }
    append(cursor..<bytes.count, .plain)
    return tokens
  }
}
