/// The source of a stream and its reading into lines and blocks: everything a feed does
/// before any block is rendered, kept apart from the generic stream so that it is compiled
/// once, for bytes, whatever the output.
@usableFromInline
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

  /// Blocks completed by the bytes read and not yet taken.
  private var completed: [Range<Int>] = []
  /// Whether a fence opened since the last ``takeCompletedBlocks()``.
  private(set) var fenceOpened = false
  /// Whether the source has ended.
  private(set) var isFinished = false

  /// Adds bytes to the source and reads the lines they complete; true when they complete a
  /// block (see ``takeCompletedBlocks()``) or open a fence.
  @usableFromInline
  mutating func read(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
    precondition(!isFinished, "feed after finish")
    bytes.append(contentsOf: chunk)
    completed += completedBlocks(atEnd: false)
    return !completed.isEmpty || fenceOpened
  }

  /// The blocks completed since the last call.
  mutating func takeCompletedBlocks() -> [Range<Int>] {
    defer {
      completed = []
      fenceOpened = false
    }
    return completed
  }

  /// Ends the source: the blocks its last lines complete, with any not taken before.
  mutating func finish() -> [Range<Int>] {
    precondition(!isFinished, "finish twice")
    isFinished = true
    return takeCompletedBlocks() + completedBlocks(atEnd: true)
  }

  /// Reads the lines completed so far (and, `atEnd`, the last one and the last block): the
  /// blocks they complete, in order.
  private mutating func completedBlocks(atEnd: Bool) -> [Range<Int>] {
    var blocks: [Range<Int>] = []
    let count = bytes.count
    while scanned < count {
      // Through the buffer: every byte fed is searched here, once.
      let end = bytes.withUnsafeBufferPointer { [from = max(scanned, lineEndSearched)] buffer in
        var end = from
        while end < count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
        return end
      }
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
      let split = splitter.read(line: bytes[lineStart..<end])
      if split.contains(.before), blockStart < lineStart {
        blocks.append(blockStart..<lineStart)
        blockStart = lineStart
      }
      if split.contains(.after) {
        blocks.append(blockStart..<next)
        blockStart = next
      }
      if splitter.openFence == nil {
        fenceLine = nil
      } else if fenceLine == nil {
        fenceLine = lineStart..<end
        fenceOpened = true
      }
      scanned = next
    }
    if !atEnd, scanned < count, blockStart < scanned,
      splitter.splitsBefore(lineStartingWith: bytes[scanned])
    {
      blocks.append(blockStart..<scanned)
      blockStart = scanned
    }
    if atEnd, blockStart < count {
      blocks.append(blockStart..<count)
      blockStart = count
    }
    return blocks
  }
}
