extension StylesheetParser {
  /// Skips whitespace and comments, reporting a comment left open.
  mutating func skipTrivia() {
    while position < bytes.count {
      if CSSSyntax.isWhitespace(bytes[position]) {
        position += 1
      } else if CSSSyntax.startsComment(bytes, at: position, end: bytes.count) {
        let start = position
        if !CSSSyntax.skipComment(bytes, at: &position, end: bytes.count) {
          log.report("comment not closed before the end of the stylesheet", at: start)
        }
      } else {
        return
      }
    }
  }

  /// Moves to the next stop character outside strings and comments and returns it (nil at the
  /// end). A string cut short is recorded in ``badStringOffset``.
  mutating func scan(until stops: Stops) -> UInt8? {
    let end = bytes.count
    while position < end {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "{") where stops.contains(.openBrace),
        UInt8(ascii: "}") where stops.contains(.closeBrace),
        UInt8(ascii: ";") where stops.contains(.semicolon):
        return byte
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        let start = position
        if !CSSSyntax.skipString(bytes, at: &position, end: end), badStringOffset == nil {
          badStringOffset = start
        }
      case CSSSyntax.slash where CSSSyntax.startsComment(bytes, at: position, end: end):
        let start = position
        if !CSSSyntax.skipComment(bytes, at: &position, end: end) {
          log.report("comment not closed before the end of the stylesheet", at: start)
        }
      case CSSSyntax.backslash:
        position += 2
      default:
        position += 1
      }
    }
    position = end
    return nil
  }

  /// Skips to the end of the block whose `{` is at `brace` (the position is just after it),
  /// counting nested braces.
  mutating func skipBlock(openedAt brace: Int) {
    var depth = 1
    while depth > 0 {
      guard let stop = scan(until: [.openBrace, .closeBrace]) else {
        log.report("block not closed before the end of the stylesheet", at: brace)
        return
      }
      depth += stop == UInt8(ascii: "{") ? 1 : -1
      position += 1
    }
  }
}
