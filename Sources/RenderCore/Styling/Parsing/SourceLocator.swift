/// Turns byte offsets of a stylesheet into 1-based line and column numbers.
///
/// Diagnostics arrive in nearly increasing order, so the locator keeps a cursor and moves
/// forward from it: locating every diagnostic of a stylesheet costs one pass over its bytes.
struct SourceLocator {
  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1
  private var column = 1

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The line and column of `target` (clamped to the end of the text).
  mutating func location(of target: Int) -> (line: Int, column: Int) {
    let target = min(max(target, 0), bytes.count)
    if target < offset {
      offset = 0
      line = 1
      column = 1
    }
    while offset < target {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      offset += 1
    }
    return (line, column)
  }
}
