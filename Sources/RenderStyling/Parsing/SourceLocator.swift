/// Turns byte offsets of a stylesheet into 1-based line and column numbers.
///
/// Diagnostics arrive in nearly increasing order, so the locator keeps a cursor and moves
/// forward from it. For the few that point back, it restarts from the nearest checkpoint
/// (one every ``checkpointInterval`` bytes) instead of the start, so no sequence of lookups
/// costs more than one pass plus a bounded rescan each.
struct SourceLocator {
  private struct Position {
    var offset = 0
    var line = 1
    var column = 1
  }

  static let checkpointInterval = 4096

  private let bytes: [UInt8]
  private var cursor = Position()
  private var checkpoints = [Position()]

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The line and column of `target` (clamped to the text).
  mutating func location(of target: Int) -> (line: Int, column: Int) {
    let target = min(max(target, 0), bytes.count)
    if target < cursor.offset {
      cursor = checkpoints[min(target / Self.checkpointInterval, checkpoints.count - 1)]
    }
    while cursor.offset < target {
      let byte = bytes[cursor.offset]
      if byte == UInt8(ascii: "\n") {
        cursor.line += 1
        cursor.column = 1
      } else if byte & 0xC0 != 0x80 {
        cursor.column += 1
      }
      cursor.offset += 1
      if cursor.offset == checkpoints.count * Self.checkpointInterval {
        checkpoints.append(cursor)
      }
    }
    return (cursor.line, cursor.column)
  }
}
