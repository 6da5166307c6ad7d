/// One run of a code block and its class.
public struct HighlightToken: Sendable, Hashable {
  /// The run's UTF-8 byte offsets in the highlighted code; always on scalar boundaries.
  public let utf8Range: Range<Int>
  /// What the run is.
  public let tokenClass: TokenClass

  /// A run of `utf8Range` classed `tokenClass`.
  public init(utf8Range: Range<Int>, tokenClass: TokenClass) {
    self.utf8Range = utf8Range
    self.tokenClass = tokenClass
  }

  /// The run's text in `code`, the string it was highlighted from.
  public func text(in code: String) -> Substring {
    let utf8 = code.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
    let end = utf8.index(start, offsetBy: utf8Range.count)
    return code[start..<end]
  }
}

/// Why a block of a known language was left plain.
public enum HighlightFallback: Error, Sendable, Hashable, CustomStringConvertible {
  /// The block is larger than the limit (bytes, limit).
  case blockTooLarge(bytes: Int, limit: Int)
  /// A line is longer than the limit, past which the highlighter slows down (limit in bytes).
  case lineTooLong(limit: Int)
  /// The highlighter used its processor-time budget (seconds) before the end of the block.
  case overBudget(seconds: Double)
  /// The language's definition could not be read, or the highlighter failed.
  case highlighterFailed(String)

  /// A diagnostic for logs and reports.
  public var description: String {
    switch self {
    case .blockTooLarge(let bytes, let limit):
      "code block of \(bytes) bytes left plain: the limit is \(limit) bytes"
    case .lineTooLong(let limit):
      "code block left plain: a line is longer than \(limit) bytes"
    case .overBudget(let seconds):
      "code block left plain: highlighting took more than \(seconds) s"
    case .highlighterFailed(let message):
      "code block left plain: \(message)"
    }
  }
}

/// A code block split into classed runs that together are the whole block.
public struct HighlightResult: Sendable, Hashable {
  /// The canonical name of the language the block was highlighted as (`javascript` for `js`).
  public let language: String
  /// The runs in order; their ranges cover the block's UTF-8 bytes exactly, without gaps.
  public let tokens: [HighlightToken]
  /// Why the block is one plain run, when it is left plain; nil when it was highlighted.
  public let fallback: HighlightFallback?

  /// A result of `tokens`, with `fallback` when the block was left plain.
  public init(language: String, tokens: [HighlightToken], fallback: HighlightFallback? = nil) {
    self.language = language
    self.tokens = tokens
    self.fallback = fallback
  }
}
