/// The source of a stream and its reading into lines and blocks: everything a feed does
/// before any block is rendered, kept apart from the generic stream so that it is compiled
/// once, for bytes, whatever the output.
struct SourceLines {
  /// Every byte fed.
  private(set) var bytes: [UInt8] = []
  /// Where the first line not yet read starts.
  private var scanned = 0
  /// How far that line was searched for its end, so a long line is searched once.
  private var lineEndSearched = 0
  private(set) var splitter: BlockSplitter
  /// Where the block being read starts.
  private(set) var blockStart = 0
  /// The opening line of the fence open in every reading, if one is.
  private(set) var fenceLine: Range<Int>?

  init(splitter: BlockSplitter) {
    self.splitter = splitter
  }

  /// Adds bytes to the source.
  mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: chunk)
  }

  /// Reads the lines completed so far (and, `atEnd`, the last one and the last block): the
  /// blocks they complete, in order.
  mutating func completedBlocks(atEnd: Bool) -> [Range<Int>] {
    var blocks: [Range<Int>] = []
    let count = bytes.count
    while scanned < count {
      var end = max(scanned, lineEndSearched)
      while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      lineEndSearched = end
      var next = end
      if end == count {
        guard atEnd else { break }
      } else if bytes[end] == 0x0D {
        if end + 1 == count, !atEnd { break }
        next = end + 1 < count && bytes[end + 1] == 0x0A ? end + 2 : end + 1
      } else {
        next = end + 1
      }
      let lineStart = scanned
      if splitter.read(line: bytes[lineStart..<end]) {
        blocks.append(blockStart..<lineStart)
        blockStart = lineStart
      }
      if splitter.openFence == nil {
        fenceLine = nil
      } else if fenceLine == nil {
        fenceLine = lineStart..<end
      }
      scanned = next
    }
    if atEnd, blockStart < count {
      blocks.append(blockStart..<count)
      blockStart = count
    }
    return blocks
  }
}
