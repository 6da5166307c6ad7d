/// The UTF-8 bytes that every terminal cell's text points into, as one range of offsets: a
/// few fixed texts, then the text being rendered, then what the layout adds (rules, borders,
/// markers, link targets).
///
/// Cells hold a range of these bytes instead of a `String` each, so they are plain values:
/// arrays of them copy without reference counting, and a line's text goes out as slices of
/// few buffers. The rendered text is read where it is: copying it, and growing the copy as the
/// layout adds to it, would fault in a second copy of the whole text, page by page.
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

  /// The rendered text, at offsets ``sourceStart`` up to `sourceEnd`.
  private let source: String
  /// The fixed texts (the offsets before ``sourceStart``), then the added ones (the offsets
  /// from `sourceEnd` on).
  private var fixedAndAdded: [UInt8]
  /// Where the rendered text's bytes start.
  let sourceStart: Int
  private let sourceEnd: Int

  init(source: String) {
    self.source = source
    fixedAndAdded = Array(" \u{FFFD}".utf8)
    sourceStart = fixedAndAdded.count
    sourceEnd = sourceStart + source.utf8.count
  }

  /// Keeps `text` and returns where it is.
  mutating func add(_ text: String) -> Text {
    let start = storedOffset(fixedAndAdded.count)
    fixedAndAdded.append(contentsOf: text.utf8)
    return Text(start: start, count: storedOffset(fixedAndAdded.count) - start)
  }

  /// The byte at `offset`.
  func byte(at offset: Int) -> UInt8 {
    guard (sourceStart..<sourceEnd).contains(offset) else {
      return fixedAndAdded[bufferIndex(offset)]
    }
    let utf8 = source.utf8
    return utf8[utf8.index(utf8.startIndex, offsetBy: offset - sourceStart)]
  }

  /// Calls `body` with the bytes at `offsets`, in as many pieces as the buffers they lie in
  /// (a line's text can run from the end of the rendered text into an added one).
  func withBytes(at offsets: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let beforeSource = offsets.clamped(to: 0..<sourceStart)
    if !beforeSource.isEmpty {
      fixedAndAdded.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[beforeSource]))
      }
    }
    let inSource = offsets.clamped(to: sourceStart..<sourceEnd)
    if !inSource.isEmpty {
      let stored = (inSource.lowerBound - sourceStart)..<(inSource.upperBound - sourceStart)
      // `withUTF8` reads the bytes in place; it copies only a string not stored as UTF-8 in
      // one piece (on Apple platforms, one bridged from an `NSString`; never on Linux).
      var source = source
      source.withUTF8 { body(UnsafeBufferPointer(rebasing: $0[stored])) }
    }
    let afterSource = offsets.clamped(to: sourceEnd..<Int.max)
    if !afterSource.isEmpty {
      let stored = bufferIndex(afterSource.lowerBound)..<bufferIndex(afterSource.upperBound)
      fixedAndAdded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[stored])) }
    }
  }

  /// The offset of the byte at `index` of ``fixedAndAdded``.
  private func storedOffset(_ index: Int) -> Int {
    index < sourceStart ? index : index + sourceEnd - sourceStart
  }

  /// The index in ``fixedAndAdded`` of the byte at `offset` (outside the rendered text).
  private func bufferIndex(_ offset: Int) -> Int {
    offset < sourceStart ? offset : offset - sourceEnd + sourceStart
  }
}
