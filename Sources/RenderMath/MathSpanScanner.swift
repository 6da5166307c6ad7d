import RenderCore

/// A formula found in Markdown source.
public struct MathSpan: Sendable, Hashable {
  /// How a formula is delimited in the source.
  public enum Delimiter: Sendable, Hashable {
    /// `$…$`: inline.
    case dollar
    /// `$$…$$`: display, inline in a paragraph or on lines of its own.
    case doubleDollar
    /// `` $`…`$ ``: inline, for formulas that hold Markdown's characters.
    case dollarBacktick
    /// A ```` ```math ```` fenced block: display.
    case fence
  }

  /// How it was delimited.
  public var delimiter: Delimiter
  /// The LaTeX between the delimiters, as written.
  public var latex: String
  /// The whole span in the scanned text, delimiters (and a fence's lines) included, as UTF-8
  /// offsets.
  public var range: Range<Int>

  /// Whether the formula is display math (a block of its own), else inline.
  public var isDisplay: Bool {
    delimiter == .doubleDollar || delimiter == .fence
  }

  /// A span of `delimiter` holding `latex` at `range` (UTF-8 offsets).
  public init(delimiter: Delimiter, latex: String, range: Range<Int>) {
    self.delimiter = delimiter
    self.latex = latex
    self.range = range
  }
}

/// Finds math in Markdown source by GitHub's rules, so that prices and shell variables stay
/// text. The rules (those of GitHub's math support, as comrak implements them):
///
/// - `$…$` is inline math when the opening `$` is not followed by whitespace, the first `$`
///   after it is not preceded by whitespace and not followed by a digit (`$5 and $10` is not
///   math), and the content is not empty. A `\$` inside does not close.
/// - `$$…$$` is display math, closed by the next `$$`, whatever the spacing; it may span the
///   lines of one paragraph, so `$$` on lines of its own around the formula is a block.
/// - `` $`…`$ `` is inline math closed by the first `` `$ ``.
/// - A fenced code block whose info string is `math` is display math.
/// - Three or more `$` together are never a delimiter. Math never crosses a blank line.
/// - `\$` outside math is a dollar; code spans and fenced or indented code blocks hold no
///   math.
public enum MathSpanScanner {
  /// The formulas in `markdown`, in source order.
  public static func spans(in markdown: String) -> [MathSpan] {
    var markdown = markdown
    return markdown.withUTF8(spans(utf8:))
  }

  /// The formulas in Markdown read as `markdown`, UTF-8 bytes (invalid ones read as U+FFFD
  /// in a formula's LaTeX), in source order.
  package static func spans(utf8 markdown: UnsafeBufferPointer<UInt8>) -> [MathSpan] {
    var scanner = Scan(bytes: markdown)
    scanner.run()
    return scanner.spans
  }
}

/// One pass over the source: lines sorted into paragraphs and code blocks, then each
/// paragraph's bytes scanned for delimiters. Linear in the source; it reads the caller's
/// bytes in place, for the time of the call.
private struct Scan {
  let bytes: UnsafeBufferPointer<UInt8>
  var spans: [MathSpan] = []

  private struct Fence {
    let character: UInt8
    let length: Int
    let isMath: Bool
    let start: Int
    /// Block-quote markers before the fence, which its content lines have too.
    var depth = 0
  }

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func run() {
    var paragraph: (range: Range<Int>, depth: Int)?
    var fence: Fence?
    // The open fence's content lines, without their quote markers; kept for math fences only.
    var fenceLines: [Range<Int>] = []
    var lineStart = 0
    var previousLineEnd = 0
    while lineStart < bytes.count {
      let lineEnd =
        ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: bytes, range: lineStart..<bytes.count)
        ?? bytes.count
      let next = min(lineEnd + 1, bytes.count)
      defer {
        lineStart = next
        previousLineEnd = lineEnd
      }
      // Most lines are prose outside any fence: a line that starts with text is a paragraph's,
      // without a look for quote markers, fences or indentation.
      if fence == nil, lineStart < lineEnd, Self.startsText(bytes[lineStart]) {
        paragraph = ((paragraph?.range.lowerBound ?? lineStart)..<lineEnd, paragraph?.depth ?? 0)
        continue
      }
      let (content, depth) = quoteContent(of: lineStart..<lineEnd)
      if let open = fence {
        if depth >= open.depth {
          let inner = quoteContent(of: lineStart..<lineEnd, upTo: open.depth).content
          if closesFence(open, line: inner) {
            addFence(open, lines: fenceLines, end: lineEnd)
            fence = nil
          } else if open.isMath {
            fenceLines.append(inner)
          }
          continue
        }
        // The block quote holding the fence ended, and the fence with it.
        addFence(open, lines: fenceLines, end: previousLineEnd)
        fence = nil
      }
      if var opened = opensFence(line: content) {
        if let open = paragraph { scanInline(open.range, depth: open.depth) }
        paragraph = nil
        opened.depth = depth
        fence = opened
        fenceLines.removeAll(keepingCapacity: true)
        continue
      }
      let indent = indentation(of: content)
      if indent.isBlank {
        if let open = paragraph { scanInline(open.range, depth: open.depth) }
        paragraph = nil
      } else if paragraph == nil, indent.columns >= 4 {
        continue  // an indented code block's line
      } else {
        paragraph = (
          (paragraph?.range.lowerBound ?? lineStart)..<lineEnd, paragraph?.depth ?? depth
        )
      }
    }
    if let open = paragraph { scanInline(open.range, depth: open.depth) }
    // An unclosed fence runs to the end of its container, as in CommonMark.
    if let open = fence { addFence(open, lines: fenceLines, end: bytes.count) }
  }

  private mutating func addFence(_ fence: Fence, lines: [Range<Int>], end: Int) {
    guard fence.isMath else { return }
    let latex = lines.map { String(decoding: bytes[$0], as: UTF8.self) + "\n" }.joined()
    spans.append(MathSpan(delimiter: .fence, latex: latex, range: fence.start..<end))
  }

  /// A span inside a paragraph; a formula over several lines of a block quote loses the
  /// quote markers of its later lines.
  private mutating func add(
    _ delimiter: MathSpan.Delimiter, content: Range<Int>, whole: Range<Int>, depth: Int
  ) {
    var latex = ""
    var lineStart = content.lowerBound
    while lineStart <= content.upperBound {
      var lineEnd = lineStart
      while lineEnd < content.upperBound, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      var line = lineStart..<lineEnd
      if lineStart > content.lowerBound {
        latex += "\n"
        line = quoteContent(of: line, upTo: depth).content
      }
      latex += String(decoding: bytes[line], as: UTF8.self)
      lineStart = lineEnd + 1
    }
    spans.append(MathSpan(delimiter: delimiter, latex: latex, range: whole))
  }

  /// The line without its block-quote markers (up to three spaces, `>`, a space; nested),
  /// at most `limit` of them, and how many there were.
  private func quoteContent(of line: Range<Int>, upTo limit: Int = .max) -> (
    content: Range<Int>, depth: Int
  ) {
    var start = line.lowerBound
    var depth = 0
    while depth < limit {
      var index = start
      while index < line.upperBound, index - start < 3, bytes[index] == UInt8(ascii: " ") {
        index += 1
      }
      guard index < line.upperBound, bytes[index] == UInt8(ascii: ">") else { break }
      index += 1
      if index < line.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
      start = index
      depth += 1
    }
    return (start..<line.upperBound, depth)
  }

  private func indentation(of line: Range<Int>) -> (columns: Int, isBlank: Bool) {
    var columns = 0
    for index in line {
      switch bytes[index] {
      case UInt8(ascii: " "): columns += 1
      case UInt8(ascii: "\t"): columns += 4 - columns % 4
      case UInt8(ascii: "\r"): continue
      default: return (columns, false)
      }
    }
    return (columns, true)
  }

  private func opensFence(line: Range<Int>) -> Fence? {
    let indent = indentation(of: line)
    guard !indent.isBlank, indent.columns <= 3 else { return nil }
    var index = line.lowerBound
    while bytes[index] == UInt8(ascii: " ") { index += 1 }
    let character = bytes[index]
    guard character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else { return nil }
    let runStart = index
    while index < line.upperBound, bytes[index] == character { index += 1 }
    let length = index - runStart
    guard length >= 3 else { return nil }
    let info = bytes[index..<line.upperBound]
    if character == UInt8(ascii: "`"), info.contains(UInt8(ascii: "`")) { return nil }
    let word = info.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      .prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
    return Fence(
      character: character, length: length, isMath: word.elementsEqual("math".utf8),
      start: line.lowerBound)
  }

  private func closesFence(_ fence: Fence, line: Range<Int>) -> Bool {
    let indent = indentation(of: line)
    guard !indent.isBlank, indent.columns <= 3 else { return false }
    var index = line.lowerBound
    while bytes[index] == UInt8(ascii: " ") { index += 1 }
    let runStart = index
    while index < line.upperBound, bytes[index] == fence.character { index += 1 }
    guard index - runStart >= fence.length else { return false }
    return bytes[index..<line.upperBound].allSatisfy(Self.isSpace)
  }

  /// A paragraph's delimiters, left to right: escapes and code spans first, as Markdown
  /// reads them, then dollars.
  private mutating func scanInline(_ range: Range<Int>, depth: Int) {
    // Every delimiter has a dollar; most paragraphs have none.
    guard ByteSearch.firstIndex(of: UInt8(ascii: "$"), in: bytes, range: range) != nil else {
      return
    }
    let codeRuns = BacktickRuns(bytes: bytes, range: range)
    // A search that found no closer finds none from any later start either: remembered, so
    // that many openers without closers cost one search, not one each.
    var noDisplayCloser = false
    var noBacktickCloser = false
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: "\\"):
        index += index + 1 < end && Self.isASCIIPunctuation(bytes[index + 1]) ? 2 : 1
      case UInt8(ascii: "`"):
        index = past(codeSpanAt: index, end: end, codeRuns: codeRuns)
      case UInt8(ascii: "$"):
        var runEnd = index
        while runEnd < end, bytes[runEnd] == UInt8(ascii: "$") { runEnd += 1 }
        let count = runEnd - index
        if count == 1, runEnd < end, bytes[runEnd] == UInt8(ascii: "`") {
          if !noBacktickCloser, let close = backtickMathCloser(from: runEnd + 1, end: end) {
            if close - (runEnd + 1) >= 1 {
              add(
                .dollarBacktick, content: (runEnd + 1)..<close, whole: index..<(close + 2),
                depth: depth)
              index = close + 2
              continue
            }
          } else {
            noBacktickCloser = true
          }
          index += 1  // the backtick may still open a code span
        } else if count == 1, let close = dollarCloser(from: runEnd, end: end, codeRuns: codeRuns) {
          add(.dollar, content: runEnd..<close, whole: index..<(close + 1), depth: depth)
          index = close + 1
        } else if count == 2, !noDisplayCloser {
          if let close = displayCloser(from: runEnd, end: end) {
            if close > runEnd {
              add(.doubleDollar, content: runEnd..<close, whole: index..<(close + 2), depth: depth)
              index = close + 2
              continue
            }
          } else {
            noDisplayCloser = true
          }
          index = runEnd
        } else {
          index = runEnd
        }
      default:
        index += 1
      }
    }
  }

  /// Where scanning goes on after the backtick run at `index`: past its code span when a run
  /// of the same length closes it, else past the run (which is then literal text).
  private func past(codeSpanAt index: Int, end: Int, codeRuns: BacktickRuns) -> Int {
    var runEnd = index
    while runEnd < end, bytes[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
    guard let closer = codeRuns.closer(length: runEnd - index, after: runEnd) else { return runEnd }
    return closer + (runEnd - index)
  }

  /// The closing `$` of inline math whose content starts at `start`, or nil. A `$` inside a
  /// code span that opens after `start` does not close it: code spans bind tighter, so
  /// `` $5 and `$HOME` `` is a price and a code span.
  private func dollarCloser(from start: Int, end: Int, codeRuns: BacktickRuns) -> Int? {
    guard start < end, !Self.isSpace(bytes[start]) else { return nil }
    var index = start
    while index < end {
      if bytes[index] == UInt8(ascii: "`") {
        index = past(codeSpanAt: index, end: end, codeRuns: codeRuns)
        continue
      }
      guard bytes[index] == UInt8(ascii: "$") else {
        index += 1
        continue
      }
      let before = bytes[index - 1]
      if Self.isSpace(before) { return nil }
      if before == UInt8(ascii: "\\") {
        index += 1
        continue
      }
      if index + 1 < end, Self.isDigit(bytes[index + 1]) { return nil }
      return index
    }
    return nil
  }

  /// Where the closing `$$` of display math starts, or nil.
  private func displayCloser(from start: Int, end: Int) -> Int? {
    var index = start
    while index < end {
      if bytes[index] == UInt8(ascii: "$") {
        if index + 1 < end, bytes[index + 1] == UInt8(ascii: "$") { return index }
      }
      index += 1
    }
    return nil
  }

  /// Where the closing `` `$ `` of `` $`…`$ `` math starts, or nil.
  private func backtickMathCloser(from start: Int, end: Int) -> Int? {
    var index = start
    while index + 1 < end {
      if bytes[index] == UInt8(ascii: "`"), bytes[index + 1] == UInt8(ascii: "$") { return index }
      index += 1
    }
    return nil
  }

  /// Whether a line starting with `byte` starts with text: no indentation, quote marker,
  /// fence or line end.
  static func startsText(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ">"),
      UInt8(ascii: "`"), UInt8(ascii: "~"):
      false
    default: true
    }
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
      || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
  }
}

/// The backtick runs of one paragraph by length, for finding a code span's closer (a run of
/// exactly the opener's length) without searching the rest of the paragraph per opener.
private struct BacktickRuns {
  private var starts: [Int: [Int]] = [:]

  init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    var index = range.lowerBound
    while index < range.upperBound {
      guard bytes[index] == UInt8(ascii: "`") else {
        index += 1
        continue
      }
      let start = index
      while index < range.upperBound, bytes[index] == UInt8(ascii: "`") { index += 1 }
      starts[index - start, default: []].append(start)
    }
  }

  /// The start of the first run of exactly `length` backticks at or after `position` (a
  /// binary search: the inline scan and the search for a closing `$` ask out of order).
  func closer(length: Int, after position: Int) -> Int? {
    guard let runs = starts[length] else { return nil }
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low < runs.count ? runs[low] : nil
  }
}
