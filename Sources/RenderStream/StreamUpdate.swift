/// One block of a stream: a run of whole top-level blocks of the source, rendered.
public struct StreamBlock<Output: Sendable & Equatable>: Sendable, Equatable {
  /// Stable for the life of the stream: a revision carries the same id.
  public var id: Int
  /// The block's bytes in the source fed so far.
  public var sourceRange: Range<Int>
  /// The block rendered.
  public var output: Output
  /// False while a later line may still change the block: it is then replaced, at
  /// ``MarkdownStream/finish()``, by a block that lists it in ``replacing``.
  public var isFinal: Bool
  /// The ids of earlier blocks, not final, that this block replaces (empty for most blocks).
  public var replacing: [Int]

  /// Creates a block.
  public init(
    id: Int, sourceRange: Range<Int>, output: Output, isFinal: Bool = true, replacing: [Int] = []
  ) {
    self.id = id
    self.sourceRange = sourceRange
    self.output = output
    self.isFinal = isFinal
    self.replacing = replacing
  }
}

/// The provisional end of a stream: the source after the last block, repaired for display.
public struct StreamTail<Output: Sendable & Equatable>: Sendable, Equatable {
  /// The tail's bytes in the source when it was rendered (the repair is not in the source).
  /// A long tail is not rendered again on every feed: a feed may return the last tail
  /// again, whose range then ends before the bytes fed since.
  public var sourceRange: Range<Int>
  /// The repaired tail rendered.
  public var output: Output
}

/// What one ``MarkdownStream/feed(_:)`` or ``MarkdownStream/finish()`` changed.
public struct StreamUpdate<Output: Sendable & Equatable>: Sendable, Equatable {
  /// Blocks sent for the first time, in source order; a block with ``StreamBlock/replacing``
  /// takes the place of those blocks.
  public var committed: [StreamBlock<Output>] = []
  /// Blocks sent before whose output changed because a link reference definition arrived
  /// after their use: same id and range, new output.
  public var revised: [StreamBlock<Output>] = []
  /// Final blocks sent before that a later line may still change after all (a definition
  /// inside a list or quote, for instance): they stay shown, and a block replaces them later.
  public var reopened: [Int] = []
  /// The provisional tail; nil when there is none or it was not asked for.
  public var tail: StreamTail<Output>?

  /// Creates an empty update (inlinable: most feeds return one, and should cost nothing).
  @inlinable public init() {}
}

/// The blocks of a stream with every update applied: what a view shows.
///
/// ```swift
/// var shown = StreamedDocument<String>()
/// for chunk in chunks { shown.apply(try stream.feed(chunk)) }
/// shown.apply(try stream.finish())
/// let html = shown.outputs.joined()  // the one-shot fragment
/// ```
public struct StreamedDocument<Output: Sendable & Equatable>: Sendable {
  /// The blocks in source order.
  public private(set) var blocks: [StreamBlock<Output>] = []
  /// The latest tail.
  public private(set) var tail: StreamTail<Output>?

  /// Creates an empty document.
  public init() {}

  /// The outputs of the blocks in order, the tail excluded.
  public var outputs: [Output] { blocks.map(\.output) }

  /// Applies `update`.
  public mutating func apply(_ update: StreamUpdate<Output>) {
    let reopened = Set(update.reopened)
    for index in blocks.indices where reopened.contains(blocks[index].id) {
      blocks[index].isFinal = false
    }
    for revision in update.revised {
      if let index = blocks.firstIndex(where: { $0.id == revision.id }) {
        blocks[index] = revision
      }
    }
    for block in update.committed {
      guard !block.replacing.isEmpty else {
        blocks.append(block)
        continue
      }
      let replaced = Set(block.replacing)
      let position = blocks.firstIndex { replaced.contains($0.id) } ?? blocks.count
      blocks.removeAll { replaced.contains($0.id) }
      blocks.insert(block, at: min(position, blocks.count))
    }
    tail = update.tail
  }
}
