import Foundation
import RenderKit

/// Renders Markdown as it arrives, in chunks of bytes that may end anywhere (inside a UTF-8
/// sequence, a line, a fence or a table), at a cost linear in the text: each block is
/// committed by the feed that makes it final (a paragraph at its blank line or the start of
/// the next block, a fence at its closing line, a list once a line cannot continue it) and
/// rendered once then, the blocks one feed completes together in one render; only the open
/// block, the tail, is rendered again on later feeds.
///
/// ```swift
/// let stream = MarkdownStream(renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer))
/// var shown = StreamedDocument<String>()
/// for try await chunk in response { shown.apply(try stream.feed(chunk)) }
/// shown.apply(try stream.finish())
/// shown.outputs.joined() == try renderer.html(.markdown(wholeText)).html  // true
/// ```
///
/// Blocks end where ``BlockSplitter`` finds that no later line can change them. Two things
/// can still reach back, and the update says so:
/// - A link reference definition that arrives after a use: the block that uses it was
///   committed as written (a `[label]` with no definition is text), and is not held for it.
///   A block of definitions only is kept, and every block whose bracketed text (outside code
///   and autolinks) may match one of its labels is rendered again with the definitions
///   before it; when the output changes it comes back in ``StreamUpdate/revised`` under its
///   id. Every block is rendered with the definitions that may concern it, so a use after
///   its definition is right the first time.
/// - A definition inside a list, quote or paragraph (a block that defines and also shows
///   something): the blocks from the first that may use it are reopened
///   (``StreamUpdate/reopened``) and, at ``finish()``, rendered again as one block that
///   replaces them. Past 64 blocks that may define, the stream holds in the same way rather
///   than revise again and again. Options whose output depends on the whole document (a
///   table of contents, source positions) hold everything; with footnotes, the stream holds
///   from the first block that may refer to one (`[^`), since the notes are numbered and
///   listed at the end of the document.
/// - Raw HTML through the allowlist that leaves an element open (`<details>` closed in a later
///   block): the blocks from it are held until a block closes it, then replaced by one.
///
/// Heading anchors do not hold anything: each block's render continues the anchors the
/// blocks before it took (``HeadingAnchorLedger``), so duplicate titles are numbered as in the
/// whole document.
///
/// Setext underlines, tables and lists that turn loose cannot reach back: a block ends only
/// before a line after a blank line, and no such line changes a block before it (a list
/// item there keeps the block open).
public final class MarkdownStream<Rendering: BlockRendering> {
  /// The output of one block.
  public typealias Output = Rendering.Output

  /// Renders each block.
  public let rendering: Rendering
  /// Tells a block of definitions (which renders to nothing) from one that shows text.
  public let renderer: Renderer
  /// At most this many bytes of the tail are rendered on a feed (whole lines from its end,
  /// with the opening line of an open fence), so that a huge unfinished block costs each
  /// feed no more than this.
  public var tailLimit: Int
  /// Whether each feed renders the tail; without it a feed only renders completed blocks.
  public var rendersTail: Bool
  /// Repairs the tail before it is rendered.
  public var repair = TailRepair()
  /// A tail whose rendering reads at most this many bytes is rendered on every feed; a
  /// longer one only once the source has grown by an eighth of what its last rendering read
  /// (until then the feed returns the last rendering again), so that a tail that keeps
  /// growing costs a bounded multiple of its length, not its length on every feed.
  public var eagerTailBytes: Int

  /// The last tail rendered, and how many bytes (definitions included) its rendering read.
  private var lastTail: (tail: StreamTail<Output>, cost: Int)?

  @usableFromInline var lines: SourceLines
  private var source: [UInt8] { lines.bytes }
  private var splitter: BlockSplitter { lines.splitter }
  private var blockStart: Int { lines.blockStart }
  private var records: [StreamRecord] = []
  private var definitions: [Int] = []
  private var heldFrom: Int?
  /// The first block with bracketed text (a possible use of a definition).
  private var firstUsingBlock: Int?
  /// How many blocks that may define were seen.
  private var definingBlocks = 0
  /// Blocks that may define past which the stream holds instead of revising, so that the
  /// cost stays linear whatever the input.
  private static var mostDefiningBlocks: Int { 64 }
  private var nextID = 0
  /// Whether a block that may refer to a footnote holds it and every later block.
  private let holdsAtFootnote: Bool
  /// The heading anchors the blocks took so far, which the next block's render continues
  /// (nil without anchors, or when everything is held).
  private let anchors: HeadingAnchorLedger?
  /// The raw HTML elements left open (with the allowlist, whose one-shot document puts the
  /// blocks up to a closing tag inside the element); nil when raw HTML is not let through so.
  private var openHTML: OpenHTMLElements?
  /// Whether the blocks held are held only until the raw HTML elements they opened close.
  private var heldUntilHTMLCloses = false
  /// The renderer's document passes that run on a fragment, when raw HTML is let through
  /// (none otherwise): a block one of them may change holds the stream.
  private let passesHoldTheStream: [any DocumentPass]

  /// Creates a stream that renders its blocks with `rendering` and uses `renderer` (the one
  /// `rendering` uses) to recognise blocks of definitions.
  public init(
    renderer: Renderer, rendering: Rendering, tailLimit: Int = 16 * 1024, rendersTail: Bool = true,
    eagerTailBytes: Int = 2048
  ) {
    self.renderer = renderer
    self.eagerTailBytes = eagerTailBytes
    self.rendering = rendering
    self.tailLimit = tailLimit
    self.rendersTail = rendersTail
    let options = renderer.options
    lines = SourceLines(
      splitter: BlockSplitter(definitionLists: options.extensions.contains(.definitionLists)))
    // A table of contents holds the stream (it lists the whole document); anchors continue
    // from block to block (a heading's anchor depends only on the headings and ids before
    // it), and the allowlist's raw HTML holds only while an element is left open.
    if options.tableOfContents || options.sourcePositions {
      heldFrom = 0
    }
    holdsAtFootnote = options.extensions.contains(.footnotes)
    anchors = options.anchorsHeadings && heldFrom == nil ? HeadingAnchorLedger() : nil
    openHTML = options.allowsHTML && heldFrom == nil ? OpenHTMLElements() : nil
    // The pipeline's active passes of a block's job; each block is screened on them below, not
    // planned: a contained renderer's plan leaves the screening to the worker.
    passesHoldTheStream =
      options.unsafe
      ? RenderPipeline(renderer).activePasses(of: RenderJob(.markdown(""), to: .fragment)) : []
  }

  /// The bytes fed so far.
  public var bytes: [UInt8] { source }

  /// How many of the blocks sent, from the first, no later byte can change: final, and
  /// holding no bracketed text (outside code) that a later link reference definition could
  /// give a meaning (which would revise it). A view that must never change what it showed
  /// can wait for these; one that shows every final block at once shows the revisions too.
  public var settledBlockCount: Int {
    // Only blocks that may use a label are ever held, so the settled blocks only grow.
    while settled < records.count, records[settled].isFinal,
      records[settled].defined != nil || records[settled].labels.isEmpty
    {
      settled += 1
    }
    return settled
  }
  private var settled = 0

  /// Adds `bytes` to the source: the blocks they complete, and the new tail.
  ///
  /// Inlinable so that a feed that completes no block, which most small chunks are, costs
  /// reading its bytes and no more (no generic code runs unspecialized).
  @inlinable
  public func feed(_ bytes: some Collection<UInt8>) throws(RenderError) -> StreamUpdate<Output> {
    let completesBlock =
      bytes.withContiguousStorageIfAvailable { lines.read($0) }
      ?? Array(bytes).withUnsafeBufferPointer { lines.read($0) }
    guard completesBlock || rendersTail else { return StreamUpdate() }
    return try updateAfterFeed()
  }

  @usableFromInline
  func updateAfterFeed() throws(RenderError) -> StreamUpdate<Output> {
    var update = StreamUpdate<Output>()
    if !rendersTail, lines.fenceOpened, let fence = splitter.openFence, let line = lines.fenceLine {
      // What the fence needs (its language's highlighter) is made ready while its code
      // arrives, so that the block renders at once when it closes: one render of the fence
      // empty, which the tail's renders do otherwise.
      let closing = [UInt8](repeating: fence.character, count: fence.length)
      _ = try rendering.render(String(decoding: source[line] + [0x0A] + closing, as: UTF8.self))
    }
    try commit(lines.takeCompletedBlocks(), into: &update)
    if rendersTail { update.tail = try renderTail() }
    return update
  }

  /// Ends the source: the last blocks, and the replacement of any reopened ones. The blocks
  /// then joined in order are the one-shot rendering of the source.
  public func finish() throws(RenderError) -> StreamUpdate<Output> {
    var update = StreamUpdate<Output>()
    try commit(lines.finish(), into: &update)
    try replaceHeld(into: &update)
    return update
  }

  /// Renders the blocks held as one block that replaces them, final.
  private func replaceHeld(into update: inout StreamUpdate<Output>) throws(RenderError) {
    guard let heldFrom, heldFrom < records.count else { return }
    let held = records[heldFrom...]
    let range = held.first!.range.lowerBound..<held.last!.range.upperBound
    // The labels its blocks found: their text is not read again.
    let labels = held.reduce(into: ReferenceLabels.Keys()) { $0.formUnion($1.labels) }
    let anchorsBefore = held.first!.anchorsBefore
    let record = StreamRecord(
      id: nextID, range: range, labels: labels, defined: nil, isFinal: true,
      anchorsBefore: anchorsBefore)
    nextID += 1
    anchors?.rewind(to: anchorsBefore)
    let output = try render(range, labels: labels, definitionsBefore: heldFrom, anchors: anchors)
    update.committed.append(
      StreamBlock(
        id: record.id, sourceRange: range, output: output, replacing: held.map(\.id)))
    records.removeSubrange(heldFrom...)
    records.append(record)
    self.heldFrom = nil
    heldUntilHTMLCloses = false
  }

  // MARK: Blocks

  /// Commits `blocks`, which one feed completed: a block that may define link references
  /// alone, the others that follow one another as one run, rendered at once (they became
  /// final together, and a render has a fixed cost that one run pays once).
  private func commit(_ blocks: [Range<Int>], into update: inout StreamUpdate<Output>)
    throws(RenderError)
  {
    var run: Range<Int>?
    for block in blocks {
      let text = source[block]
      guard ReferenceLabels.hasBracket(text), ReferenceLabels.mayDefine(text),
        !ReferenceLabels.definedLabels(in: text).isEmpty
      else {
        run = (run?.lowerBound ?? block.lowerBound)..<block.upperBound
        continue
      }
      if let pending = run { try close(pending, into: &update) }
      run = nil
      try close(block, into: &update)
    }
    if let run { try close(run, into: &update) }
  }

  /// Renders the completed block `range` and records it.
  private func close(_ range: Range<Int>, into update: inout StreamUpdate<Output>)
    throws(RenderError)
  {
    let text = source[range]
    // Without a `[`, a block uses, defines and refers to nothing: most blocks.
    let hasBracket = ReferenceLabels.hasBracket(text)
    let labels = hasBracket ? ReferenceLabels.labels(in: text) : .init()
    var defined: ReferenceLabels.Keys?
    let candidates =
      hasBracket && ReferenceLabels.mayDefine(text)
      ? ReferenceLabels.definedLabels(in: text) : .init()
    if !candidates.isEmpty {
      definingBlocks += 1
      let html = try renderer.html(.markdown(decode(range))).html
      if definingBlocks > Self.mostDefiningBlocks {
        // Past this many, each would cost a pass over the blocks: hold them all instead.
        hold(from: firstUsingBlock ?? records.count, into: &update)
      } else if html.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) {
        defined = candidates
      } else {
        // It may define labels it also shows: hold from the first block that may use them.
        let first = records.indices.first { records[$0].labels.intersects(candidates) }
        hold(from: first ?? records.count, into: &update)
      }
    }
    if holdsAtFootnote, heldFrom == nil || heldUntilHTMLCloses, hasBracket,
      Self.mayReferToFootnote(text)
    {
      hold(from: records.count, into: &update)
    }
    // A block that leaves a raw HTML element open holds until a block closes it.
    let htmlWasOpen = !(openHTML?.isEmpty ?? true)
    openHTML?.read(text)
    let htmlIsOpen = !(openHTML?.isEmpty ?? true)
    if htmlIsOpen, heldFrom == nil {
      hold(from: records.count, into: &update)
      heldUntilHTMLCloses = true
    }
    // A block a document pass may change (math, alerts, highlighting) renders alone as it
    // renders in the whole: the serialised document is the engine's HTML. Not with raw HTML
    // let through: the one-shot document is then the whole HTML imported, whose tree a block
    // alone may not have, so all are rendered again as one at the end.
    if heldFrom != 0, !passesHoldTheStream.isEmpty,
      passesHoldTheStream.contains(where: { $0.mayChange(markdownUTF8: Data(text)) })
    {
      hold(from: 0, into: &update)
    }
    if firstUsingBlock == nil, !labels.isEmpty { firstUsingBlock = records.count }
    let index = records.count
    let isFinal = heldFrom == nil
    let record = StreamRecord(
      id: nextID, range: range, labels: labels, defined: defined, isFinal: isFinal,
      anchorsBefore: anchors?.count ?? 0)
    nextID += 1
    records.append(record)
    let output = try render(
      range, labels: labels, definitionsBefore: records.count, anchors: anchors)
    update.committed.append(
      StreamBlock(id: record.id, sourceRange: range, output: output, isFinal: isFinal))
    if htmlWasOpen, !htmlIsOpen, heldUntilHTMLCloses, defined == nil {
      try replaceHeld(into: &update)
    }
    guard let defined else { return }
    definitions.append(index)
    for earlier in records.indices.dropLast()
    where records[earlier].isFinal && records[earlier].defined == nil
      && records[earlier].labels.intersects(defined)
    {
      // Its headings are numbered as they were: after the anchors of the blocks before it.
      let ledger = anchors?.provisional(upTo: records[earlier].anchorsBefore)
      let revised = try render(
        records[earlier].range, labels: records[earlier].labels, definitionsBefore: records.count,
        anchors: ledger)
      let previous = try render(
        records[earlier].range, labels: records[earlier].labels, definitionsBefore: index,
        anchors: ledger)
      if revised != previous {
        update.revised.append(
          StreamBlock(id: records[earlier].id, sourceRange: records[earlier].range, output: revised)
        )
      }
    }
  }

  /// Whether `text` holds `[^`, which may start a footnote reference or definition.
  private static func mayReferToFootnote(_ text: ArraySlice<UInt8>) -> Bool {
    var index = text.startIndex
    while let open = text[index...].firstIndex(of: 0x5B) {
      if open + 1 < text.endIndex, text[open + 1] == 0x5E { return true }
      index = open + 1
    }
    return false
  }

  /// Marks the blocks from `index` on as not final.
  private func hold(from index: Int, into update: inout StreamUpdate<Output>) {
    let previous = heldFrom ?? records.count
    let start = min(index, previous)
    for held in start..<previous where records[held].isFinal {
      records[held].isFinal = false
      update.reopened.append(records[held].id)
    }
    heldFrom = start
    heldUntilHTMLCloses = false
  }

  /// `range` rendered after the blocks of definitions (among the first `recordCount`
  /// records) whose labels it may use, its headings' anchors continuing `anchors`.
  private func render(
    _ range: Range<Int>, labels: ReferenceLabels.Keys, definitionsBefore recordCount: Int,
    anchors: HeadingAnchorLedger?
  ) throws(RenderError) -> Output {
    var prelude: [UInt8] = []
    for index in definitions where index < recordCount {
      let record = records[index]
      guard let defined = record.defined, defined.intersects(labels), record.range != range
      else { continue }
      prelude += source[record.range]
      prelude += [0x0A, 0x0A]
    }
    guard !prelude.isEmpty else { return try render(decode(range), anchors: anchors) }
    // Front matter must stay first; the definitions go after it (they come before nothing
    // that could define the same label, since a block that defines is never rendered here).
    if range.lowerBound == 0, splitter.mayHaveStartedWithFrontMatter {
      let text = decode(range) + "\n\n" + String(decoding: prelude, as: UTF8.self)
      return try render(text, anchors: anchors)
    }
    return try render(String(decoding: prelude + source[range], as: UTF8.self), anchors: anchors)
  }

  /// `markdown` rendered, its headings' anchors continuing `anchors` when given.
  private func render(_ markdown: String, anchors: HeadingAnchorLedger?) throws(RenderError)
    -> Output
  {
    guard let anchors else { return try rendering.render(markdown) }
    let result = HeadingAnchorLedger.$current.withValue(anchors) {
      Result { () throws(RenderError) in try rendering.render(markdown) }
    }
    return try result.get()
  }

  private func decode(_ range: Range<Int>) -> String {
    String(decoding: source[range], as: UTF8.self)
  }

  // MARK: Tail

  /// The source of the open block, the tail: from the end of the last block committed.
  public var openBlock: Range<Int> { blockStart..<source.count }

  /// The open block rendered now (repaired for display), whatever ``rendersTail`` says: for a
  /// caller that shows it less often than every feed; nil when there is none.
  public func renderTail() throws(RenderError) -> StreamTail<Output>? {
    let end = completeScalarsEnd()
    guard blockStart < end else {
      lastTail = nil
      return nil
    }
    if let lastTail, lastTail.tail.sourceRange.lowerBound == blockStart,
      lastTail.cost > eagerTailBytes,
      (end - lastTail.tail.sourceRange.upperBound) * 8 < lastTail.cost
    {
      return lastTail.tail
    }
    var start = blockStart
    var fenceOpening: [UInt8] = []
    if end - start > tailLimit {
      start = end - tailLimit
      let lineStart = source[start..<end].firstIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 }
      // A line longer than the limit is shown from a character's start within it.
      start = lineStart ?? start
      while start < end, source[start] & 0xC0 == 0x80 { start += 1 }
      if let fenceLine = lines.fenceLine, splitter.openFence != nil, fenceLine.lowerBound < start {
        fenceOpening = Array(source[fenceLine]) + [0x0A]
      }
    }
    let text = String(decoding: fenceOpening + source[start..<end], as: UTF8.self)
    let closing = splitter.openFence.map {
      String(repeating: Character(Unicode.Scalar($0.character)), count: $0.length)
    }
    let repaired = repair.repaired(text, openFence: closing)
    let repairedBytes = Array(repaired.utf8)
    let labels = ReferenceLabels.labels(in: repairedBytes[...])
    var prelude: [UInt8] = []
    for index in definitions {
      guard let defined = records[index].defined, defined.intersects(labels) else { continue }
      prelude += source[records[index].range] + [0x0A, 0x0A]
    }
    let output = try render(
      String(decoding: prelude + repairedBytes, as: UTF8.self), anchors: anchors?.provisional())
    let tail = StreamTail(sourceRange: blockStart..<end, output: output)
    lastTail = (tail, prelude.count + repairedBytes.count)
    return tail
  }

  /// The end of the source without a UTF-8 sequence that a later chunk completes.
  private func completeScalarsEnd() -> Int {
    var lead = source.count
    var continuations = 0
    while lead > 0, continuations < 4, source[lead - 1] & 0xC0 == 0x80 {
      lead -= 1
      continuations += 1
    }
    guard lead > 0 else { return source.count }
    let byte = source[lead - 1]
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    return length > continuations + 1 ? lead - 1 : source.count
  }
}

/// What a stream keeps of a block it sent. Outside the generic stream, whose nested types
/// would each be looked up by their output type on every block.
private struct StreamRecord {
  var id: Int
  var range: Range<Int>
  var labels: ReferenceLabels.Keys
  var defined: ReferenceLabels.Keys?
  var isFinal: Bool
  /// How many heading anchors the blocks before it took.
  var anchorsBefore: Int
}
