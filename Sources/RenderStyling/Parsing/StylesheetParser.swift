/// Parses CSS text into style rules the way browsers do: what is invalid is skipped, the
/// parser recovers at the next `;` or `}`, and every skip is logged with its position.
///
/// The parser is one forward pass over the bytes. Nesting is tracked with counters and a
/// stack of open `@media` blocks, never by recursion, so `{{{{…` 100,000 deep is linear.
struct StylesheetParser {
  /// The characters a scan stops at.
  struct Stops: OptionSet {
    let rawValue: UInt8
    static let openBrace = Stops(rawValue: 1)
    static let closeBrace = Stops(rawValue: 2)
    static let semicolon = Stops(rawValue: 4)
  }

  let bytes: [UInt8]
  var position = 0
  var log: DiagnosticLog
  var rules: [StyleRule] = []
  /// The open `@media` blocks: where each starts and the schemes in force inside it.
  var mediaStack: [(start: Int, schemes: SchemeMask)] = []
  /// Where the last scan met a string cut short by a newline or the end, if it did.
  var badStringOffset: Int?

  init(css: String) {
    bytes = Array(css.utf8)
    log = DiagnosticLog(bytes: bytes)
  }

  var schemes: SchemeMask { mediaStack.last?.schemes ?? .all }

  /// Parses the whole stylesheet.
  mutating func parse() {
    while true {
      skipTrivia()
      guard position < bytes.count else { break }
      switch bytes[position] {
      case UInt8(ascii: "@"):
        parseAtRule()
      case UInt8(ascii: "}"):
        if mediaStack.popLast() == nil { log.report("unexpected \"}\" ignored", at: position) }
        position += 1
      case UInt8(ascii: "<") where hasPrefix("<!--"):
        position += 4
      case UInt8(ascii: "-") where hasPrefix("-->"):
        position += 3
      default:
        parseQualifiedRule()
      }
    }
    for open in mediaStack {
      log.report("@media block not closed before the end of the stylesheet", at: open.start)
    }
  }

  private func hasPrefix(_ text: String) -> Bool {
    let prefix = Array(text.utf8)
    return position + prefix.count <= bytes.count
      && bytes[position..<position + prefix.count].elementsEqual(prefix)
  }

  /// A selector list and its declaration block.
  private mutating func parseQualifiedRule() {
    let start = position
    badStringOffset = nil
    let stop = scan(until: [.openBrace, .closeBrace])
    guard stop == UInt8(ascii: "{") else {
      let selector = CSSSyntax.excerpt(bytes, start..<position)
      log.report("rule \"\(selector)\" dropped: no \"{\" follows the selector", at: start)
      if stop == UInt8(ascii: "}") && mediaStack.isEmpty { position += 1 }
      return
    }
    let preludeEnd = position
    position += 1
    if let bad = badStringOffset {
      log.report("rule dropped: unterminated string in the selector", at: bad)
      skipBlock(openedAt: preludeEnd)
      return
    }
    do throws(SelectorProblem) {
      let parsed = try SelectorParser.parse(bytes, start..<preludeEnd)
      let selectors = parsed.filter { $0.staticallyUnmatched == nil }
      if let pseudoClass = parsed.lazy.compactMap(\.staticallyUnmatched).first {
        let selector = CSSSyntax.excerpt(bytes, start..<preludeEnd)
        let what = selectors.isEmpty ? "rule" : "part of rule"
        log.report(
          "\(what) \"\(selector)\" ignored for styled text: \"\(pseudoClass)\" needs a pointer,"
            + " focus or browsing history", at: start)
      }
      guard !selectors.isEmpty else {
        skipBlock(openedAt: preludeEnd)
        return
      }
      let declarations = parseDeclarationBlock(openedAt: preludeEnd)
      if !schemes.isEmpty, !declarations.isEmpty {
        rules.append(StyleRule(selectors: selectors, declarations: declarations, schemes: schemes))
      }
    } catch {
      let selector = CSSSyntax.excerpt(bytes, start..<preludeEnd)
      log.report("rule \"\(selector)\" dropped: \(error.message)", at: start)
      skipBlock(openedAt: preludeEnd)
    }
  }

  /// An at-rule: `@media` blocks are entered, the rest skipped.
  private mutating func parseAtRule() {
    let start = position
    position += 1
    let name = CSSSyntax.readIdentifier(bytes, at: &position, end: bytes.count)?.lowercased() ?? ""
    let preludeStart = position
    badStringOffset = nil
    let stop = scan(until: [.openBrace, .closeBrace, .semicolon])
    let prelude = String(decoding: bytes[preludeStart..<position], as: UTF8.self)
    switch stop {
    case UInt8(ascii: ";"):
      position += 1
      if name == "import" {
        log.report("@import ignored: imported stylesheets are not loaded; inline them", at: start)
      } else if !Self.statementAtRules.contains(name) {
        log.report("unknown at-rule @\(name) ignored", at: start)
      }
    case UInt8(ascii: "{"):
      let brace = position
      position += 1
      guard name == "media" else {
        if !Self.blockAtRules.contains(name) {
          log.report("unknown at-rule @\(name) ignored with its block", at: start)
        }
        skipBlock(openedAt: brace)
        return
      }
      enterMedia(prelude: prelude, start: start, brace: brace)
    default:
      log.report("at-rule @\(name) dropped: neither \";\" nor a block follows", at: start)
      if stop == UInt8(ascii: "}") && mediaStack.isEmpty { position += 1 }
    }
  }

  private mutating func enterMedia(prelude: String, start: Int, brace: Int) {
    switch MediaQueryEvaluator.schemes(for: prelude) {
    case .failure(let problem):
      log.report("@media block dropped: \(problem.message)", at: start)
      skipBlock(openedAt: brace)
    case .success(let mask):
      let inside = schemes.intersection(mask)
      if inside.isEmpty {
        skipBlock(openedAt: brace)
      } else {
        mediaStack.append((start, inside))
      }
    }
  }

  /// At-rules valid in CSS that end with `;` and change nothing here.
  private static let statementAtRules: Set<String> = ["charset", "namespace", "layer"]
  /// At-rules valid in CSS whose blocks the cascade does not apply.
  private static let blockAtRules: Set<String> = [
    "font-face", "keyframes", "-webkit-keyframes", "page", "supports", "layer", "counter-style",
    "font-feature-values", "property", "container", "document", "-moz-document", "viewport",
    "font-palette-values", "scope", "starting-style",
  ]
}
