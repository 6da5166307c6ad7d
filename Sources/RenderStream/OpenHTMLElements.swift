/// The raw HTML elements a stream's blocks opened and have not closed yet: a block that
/// leaves one open (`<details>`, whose `</details>` comes in a later block) is not final, since
/// the one-shot document puts the blocks up to the closing tag inside it; a block whose raw HTML
/// is self-contained (`<sub>2</sub>`, `<br>`, a `<p align="center">…</p>`, a comment) is.
///
/// A look at the bytes, not a parse, that errs towards holding: a start tag counts wherever
/// it is, except in a fenced code block or a code span; an end tag counts only outside code
/// (indented code included), so that code showing `</details>` never ends a hold early. Void
/// elements (`<br>`, `<img>`) and self-closing tags (`<x/>`) open nothing.
///
/// ```swift
/// var open = OpenHTMLElements()
/// open.read(Array("<details>\n<summary>More</summary>\n".utf8)[...])   // open.isEmpty == false
/// open.read(Array("</details>\n".utf8)[...])                          // open.isEmpty == true
/// ```
struct OpenHTMLElements {
  /// How many of each element (lower-cased name) are open.
  private var open: [[UInt8]: Int] = [:]
  /// The fence a code block was opened with (character, length), while one is open.
  private var fence: (character: UInt8, length: Int)?
  /// Whether a comment (`<!--`) is open.
  private var inComment = false

  /// Whether every element opened so far was closed.
  var isEmpty: Bool { open.isEmpty }

  private static let voidElements: Set<[UInt8]> = Set(
    [
      "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
      "source", "track", "wbr",
    ].map { Array($0.utf8) })

  /// Reads the Markdown of the next blocks, whole lines.
  mutating func read(_ text: ArraySlice<UInt8>) {
    // Most blocks hold no `<` at all.
    guard text.contains(0x3C) || fence != nil || inComment else { return }
    var lineStart = text.startIndex
    while lineStart < text.endIndex {
      let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.endIndex
      readLine(text[lineStart..<lineEnd])
      lineStart = lineEnd + 1
    }
  }

  private mutating func readLine(_ line: ArraySlice<UInt8>) {
    if inComment {
      guard let end = Self.endOfComment(in: line) else { return }
      inComment = false
      readTags(line[end...], closesCount: true)
      return
    }
    var start = line.startIndex
    while start < line.endIndex, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
    let indent = start - line.startIndex
    if let marker = Self.fenceMarker(line[start...]) {
      if let open = fence {
        let closes =
          marker.character == open.character && marker.length >= open.length
          && line[(start + marker.length)...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        if closes { fence = nil }
      } else {
        fence = marker
      }
      return
    }
    guard fence == nil else { return }
    readTags(line[start...], closesCount: indent < 4)
  }

  /// The run of three or more backticks or tildes a line starts with, if any.
  private static func fenceMarker(_ line: ArraySlice<UInt8>) -> (character: UInt8, length: Int)? {
    guard let first = line.first, first == 0x60 || first == 0x7E else { return nil }
    let length = line.prefix { $0 == first }.count
    return length >= 3 ? (first, length) : nil
  }

  private mutating func readTags(_ line: ArraySlice<UInt8>, closesCount: Bool) {
    let closings = line.contains(0x60) ? Self.codeSpanClosings(in: line) : [:]
    var index = line.startIndex
    while index < line.endIndex {
      let byte = line[index]
      if byte == 0x3C, line[index...].starts(with: [0x3C, 0x21, 0x2D, 0x2D]) {
        // A comment: nothing in it opens or closes an element.
        guard let end = Self.endOfComment(in: line[(index + 4)...]) else {
          inComment = true
          return
        }
        index = end
        continue
      }
      if byte == 0x60 {
        // A code span: skipped to the run of backticks that closes it, if the line has one.
        let run = line[index...].prefix { $0 == 0x60 }.count
        index = closings[index].map { $0 + run } ?? index + run
        continue
      }
      guard byte == 0x3C, index + 1 < line.endIndex else {
        index += 1
        continue
      }
      var position = index + 1
      let isEnd = line[position] == 0x2F
      if isEnd { position += 1 }
      let nameStart = position
      while position < line.endIndex, Self.isNameByte(line[position], first: position == nameStart)
      {
        position += 1
      }
      let endsName: Bool
      switch position == line.endIndex ? 0x20 : line[position] {
      case 0x20, 0x09, 0x0D, 0x2F, 0x3E: endsName = true
      default: endsName = false
      }
      guard position > nameStart, endsName else {
        index += 1
        continue
      }
      let name = line[nameStart..<position].map { $0 | 0x20 }
      let tagEnd = line[position...].firstIndex(of: 0x3E)
      let selfClosing = tagEnd.map { $0 > position && line[$0 - 1] == 0x2F } ?? false
      if isEnd {
        if closesCount, let count = open[name] {
          open[name] = count > 1 ? count - 1 : nil
        }
      } else if !selfClosing, !Self.voidElements.contains(name) {
        open[name, default: 0] += 1
      }
      index = tagEnd.map { $0 + 1 } ?? line.endIndex
    }
  }

  /// Just after the first `-->` in `text`, if it has one.
  private static func endOfComment(in text: ArraySlice<UInt8>) -> Int? {
    var index = text.startIndex
    while let dash = text[index...].firstIndex(of: 0x2D) {
      if text[dash...].starts(with: [0x2D, 0x2D, 0x3E]) { return dash + 3 }
      index = dash + 1
    }
    return nil
  }

  /// For each run of backticks in `line`, where the next run of the same length starts (the
  /// one that closes a code span it opens), if there is one: found in one pass from the end,
  /// so that a line of many unmatched runs costs its length, not its length per run.
  private static func codeSpanClosings(in line: ArraySlice<UInt8>) -> [Int: Int] {
    var runs: [(start: Int, length: Int)] = []
    var index = line.startIndex
    while let start = line[index...].firstIndex(of: 0x60) {
      let length = line[start...].prefix { $0 == 0x60 }.count
      runs.append((start, length))
      index = start + length
    }
    var closings: [Int: Int] = [:]
    var nextOfLength: [Int: Int] = [:]
    for run in runs.reversed() {
      if let next = nextOfLength[run.length] { closings[run.start] = next }
      nextOfLength[run.length] = run.start
    }
    return closings
  }

  private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
    let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    return first ? letter : letter || (0x30...0x39).contains(byte) || byte == 0x2D
  }
}
