/// The UTF-8 bytes that every terminal cell's text points into: a few fixed texts, then the
/// text being rendered, then what the layout adds (rules, borders, markers, link targets).
///
/// Cells hold a range of these bytes instead of a `String` each, so they are plain values:
/// arrays of them copy without reference counting, and a line's text goes out as slices of
/// one buffer.
struct TerminalGlyphs {
  /// A cell's text: `count` bytes from `start`.
  struct Text: Hashable {
    var start: Int
    var count: Int
  }

  /// One space.
  static let space = Text(start: 0, count: 1)
  /// U+FFFD, which stands for a control character.
  static let replacement = Text(start: 1, count: 3)
  /// No text (a line break).
  static let empty = Text(start: 0, count: 0)

  private(set) var bytes: [UInt8]
  /// Where the rendered text's bytes start.
  let sourceStart: Int

  init(source: String) {
    bytes = Array(" \u{FFFD}".utf8)
    sourceStart = bytes.count
    bytes.reserveCapacity(sourceStart + source.utf8.count + 4096)
    bytes.append(contentsOf: source.utf8)
  }

  /// Keeps `text` and returns where it is.
  mutating func add(_ text: String) -> Text {
    let start = bytes.count
    bytes.append(contentsOf: text.utf8)
    return Text(start: start, count: bytes.count - start)
  }
}
