extension StylesheetParser {
  /// The declarations of the block whose `{` is at `brace`, up to its `}`.
  mutating func parseDeclarationBlock(openedAt brace: Int) -> [Declaration] {
    parseDeclarations(blockStart: brace)
  }

  /// The declarations of a `style` attribute: the whole text, no braces.
  mutating func parseInlineDeclarations() -> [Declaration] {
    parseDeclarations(blockStart: nil)
  }

  private mutating func parseDeclarations(blockStart: Int?) -> [Declaration] {
    var declarations: [Declaration] = []
    while true {
      skipTrivia()
      guard position < bytes.count else {
        if let blockStart {
          log.report("block not closed before the end of the stylesheet", at: blockStart)
        }
        return declarations
      }
      switch bytes[position] {
      case UInt8(ascii: "}"):
        position += 1
        if blockStart != nil { return declarations }
        log.report("unexpected \"}\" ignored", at: position - 1)
        continue
      case UInt8(ascii: ";"):
        position += 1
        continue
      default:
        break
      }
      let start = position
      badStringOffset = nil
      let stop = scan(until: [.openBrace, .closeBrace, .semicolon])
      if stop == UInt8(ascii: "{") {
        let text = CSSSyntax.excerpt(bytes, start..<position)
        let brace = position
        position += 1
        skipBlock(openedAt: brace)
        if let bad = badStringOffset {
          log.report("declaration \"\(text)\" dropped: unterminated string", at: bad)
        } else {
          log.report("nested rule \"\(text)\" dropped: nested blocks are not supported", at: start)
        }
        continue
      }
      let end = position
      if stop == UInt8(ascii: ";") { position += 1 }
      if let bad = badStringOffset {
        log.report(
          "declaration \"\(CSSSyntax.excerpt(bytes, start..<end))\" dropped: unterminated string",
          at: bad)
        continue
      }
      parseDeclaration(start..<end, into: &declarations)
    }
  }

  /// One `name: value [!important]`.
  private mutating func parseDeclaration(
    _ range: Range<Int>, into declarations: inout [Declaration]
  ) {
    var text: String { CSSSyntax.excerpt(bytes, range) }
    var cursor = range.lowerBound
    guard var name = CSSSyntax.readIdentifier(bytes, at: &cursor, end: range.upperBound) else {
      log.report(
        "declaration \"\(text)\" dropped: it does not start with a property name",
        at: range.lowerBound)
      return
    }
    while cursor < range.upperBound, CSSSyntax.isWhitespace(bytes[cursor]) { cursor += 1 }
    guard cursor < range.upperBound, bytes[cursor] == UInt8(ascii: ":") else {
      log.report(
        "declaration \"\(text)\" dropped: \":\" expected after \"\(name)\"", at: range.lowerBound)
      return
    }
    if !name.hasPrefix("--") { name = name.lowercased() }
    var valueEnd = range.upperBound
    let important = stripImportant(from: cursor + 1, end: &valueEnd)
    let value = String(decoding: bytes[(cursor + 1)..<valueEnd], as: UTF8.self)
    switch PropertyValueParser.parse(name: name, value: value) {
    case .values(let values):
      for property in CSSProperty.allCases {
        if let value = values[property] {
          declarations.append(Declaration(property: property, value: value, important: important))
        }
      }
    case .custom(let name, let text):
      declarations.append(
        Declaration(property: nil, value: .custom(name: name, text: text), important: important))
    case .ignored:
      break
    case .invalid(let reason):
      log.report("declaration \"\(text)\" dropped: \(reason)", at: range.lowerBound)
    }
  }

  /// Whether the value ends with `!important`; if so `end` moves before the `!`.
  private func stripImportant(from start: Int, end: inout Int) -> Bool {
    var cursor = end
    while cursor > start, CSSSyntax.isWhitespace(bytes[cursor - 1]) { cursor -= 1 }
    let keyword = Array("important".utf8)
    guard cursor - start >= keyword.count + 1 else { return false }
    let wordStart = cursor - keyword.count
    guard zip(bytes[wordStart..<cursor], keyword).allSatisfy({ $0 | 0x20 == $1 }) else {
      return false
    }
    var bang = wordStart
    while bang > start, CSSSyntax.isWhitespace(bytes[bang - 1]) { bang -= 1 }
    guard bang > start, bytes[bang - 1] == UInt8(ascii: "!") else { return false }
    end = bang - 1
    return true
  }
}
