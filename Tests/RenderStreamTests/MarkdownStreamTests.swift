import RenderKit
import RenderStream
import Testing

/// How blocks are committed, revised and reopened, and what the tail shows.
struct MarkdownStreamTests {
  let renderer: Renderer
  // Safe: with raw HTML let through, a block a pass may change (a fence, for highlighting)
  // holds the stream, and these tests are about where blocks end.
  init() throws { renderer = try StreamFixtures.renderer() }

  private func stream(tailLimit: Int = 16 * 1024) -> MarkdownStream<HTMLBlockRendering> {
    MarkdownStream(
      renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer), tailLimit: tailLimit)
  }

  /// Every update of `text` fed in `size`-byte chunks, then finished.
  private func updates(_ text: String, chunk size: Int = 5) throws -> [StreamUpdate<String>] {
    let stream = stream()
    let bytes = Array(text.utf8)
    var updates: [StreamUpdate<String>] = []
    for start in stride(from: 0, to: bytes.count, by: size) {
      updates.append(try stream.feed(bytes[start..<min(bytes.count, start + size)]))
    }
    updates.append(try stream.finish())
    return updates
  }

  private func source(_ text: String, _ block: StreamBlock<String>) -> String {
    String(decoding: Array(text.utf8)[block.sourceRange], as: UTF8.self)
  }

  @Test func committedBlocksAreSentOnceAndCoverTheSourceInOrder() throws {
    let text = "# Title\n\nOne paragraph\nof two lines.\n\n- a\n- b\n\n> quote\n\nend\n"
    let committed = try updates(text).flatMap(\.committed)
    #expect(Set(committed.map(\.id)).count == committed.count)
    #expect(committed.first?.sourceRange.lowerBound == 0)
    #expect(committed.last?.sourceRange.upperBound == text.utf8.count)
    for (before, after) in zip(committed, committed.dropFirst()) {
      #expect(before.sourceRange.upperBound == after.sourceRange.lowerBound)
    }
    #expect(committed.count == 5)
    #expect(committed.map(\.output).joined() == (try renderer.html(.markdown(text)).html))
  }

  /// The feed that makes a block final commits it: a paragraph's blank line, a heading's line
  /// end, a fence's closing line, a list's next block's first byte.
  @Test func eachBlockIsCommittedByTheFeedThatMakesItFinal() throws {
    let cases: [(text: String, final: String)] = [
      ("A paragraph.\n", "\n"),
      ("# A heading", "\n"),
      ("```swift\nlet x = 1\n```", "\n"),
      ("| a | b |\n| - | - |\n| 1 | 2 |\n", "\n"),
      ("> a quote\n", "\n"),
      ("Text before a fence\n", "```\n"),
      ("- one\n- two\n\n", "A"),
    ]
    for (text, final) in cases {
      let stream = stream()
      let before = try stream.feed(Array(text.utf8))
      #expect(before.committed.isEmpty, "\(text)")
      let after = try stream.feed(Array(final.utf8))
      #expect(
        after.committed.map(\.output).joined() == (try renderer.html(.markdown(text)).html),
        "\(text)")
      #expect(
        (after.tail?.sourceRange.count ?? 0) <= final.utf8.count, "the tail is the open block")
    }
  }

  /// A bracket in code or an autolink is no label: the block is settled at once. A bracket
  /// in text is, and a definition that comes later revises the block.
  @Test func bracketsInCodeHoldNothing() throws {
    let inCode = [
      "Index `a[0]` and ``b[c]``.\n\n", "```\nx[docs]\n```\n\n", "See <https://e.com/a[1]>.\n\n",
    ]
    for text in inCode {
      let stream = stream()
      let update = try stream.feed(Array(text.utf8))
      #expect(update.committed.count == 1, "\(text)")
      #expect(stream.settledBlockCount == 1, "\(text)")
    }
    let stream = stream()
    _ = try stream.feed(Array("Uses [docs] in text.\n\n".utf8))
    #expect(stream.settledBlockCount == 0)
  }

  @Test func noBlockEndsInsideAFenceAListOrAnHTMLComment() throws {
    let cases = [
      "```\ncode\n\nmore code\n```\n\nafter\n",
      "- item\n\n- loose item\n\nafter\n",
      "<!-- a comment\n\nstill the comment -->\n\nafter\n",
      "<textarea>\n\nstill the text area\n</textarea>\n\nafter\n",
      // The fence may be the list item's or open at the top level: no block ends until both
      // readings agree (here, not before the end).
      "- item\n\n  ```\n  code\n\ncode\n  ```\n\nafter\n",
    ]
    for text in cases {
      let committed = try updates(text, chunk: 3).flatMap(\.committed)
      let starts = committed.map { source(text, $0).drop { $0 == "\n" }.prefix(5) }
      #expect(starts.first == text.prefix(5), "\(text)")
      #expect(starts.dropFirst().allSatisfy { $0 == "after" }, "\(text)")
      #expect(committed.map(\.output).joined() == (try renderer.html(.markdown(text)).html))
    }
  }

  @Test func theTailShowsAnOpenFenceAsCodeAndIsNotCommitted() throws {
    let stream = stream()
    let update = try stream.feed(Array("Intro\n\n```python\nprint(1".utf8))
    #expect(update.committed.map(\.output) == ["<p>Intro</p>\n"])
    let tail = try #require(update.tail)
    #expect(tail.output.contains(#"<code class="language-python"><span class="nf">print</span>"#))
  }

  @Test func aHugeOpenFenceRendersOnlyTheTailLimit() throws {
    let stream = stream(tailLimit: 4096)
    var update = try stream.feed(Array("```rust\n".utf8))
    let line = Array("let value = 42; // a line of code that repeats\n".utf8)
    for _ in 0..<2000 { update = try stream.feed(line) }
    let tail = try #require(update.tail)
    #expect(tail.sourceRange.count > 90_000)
    // The limit's 4 KiB of code, highlighted: a few times its bytes, never the 90 KB open.
    #expect(tail.output.utf8.count < 4 * 4096)
    #expect(tail.output.hasPrefix(#"<pre><code class="language-rust">"#))
  }

  @Test func aChunkEndingInsideAUTF8SequenceShowsNoReplacementCharacter() throws {
    let stream = stream()
    for byte in Array("héllo wörld — ✓ 🎉".utf8) {
      let shown = try stream.feed([byte]).tail?.output ?? ""
      #expect(!shown.contains("\u{FFFD}"))
    }
  }

  @Test func aDefinitionAfterItsUseRevisesTheBlockThatUsesIt() throws {
    let text = "See [the docs][docs].\n\nMore text.\n\n[docs]: https://example.com\n\nLast.\n"
    let updates = try updates(text)
    let committed = updates.flatMap(\.committed)
    let revised = updates.flatMap(\.revised)
    #expect(revised.count == 1)
    #expect(revised.first?.id == committed.first?.id)
    #expect(revised.first?.output.contains(#"<a href="https://example.com">"#) == true)
    var shown = StreamedDocument<String>()
    for update in updates { shown.apply(update) }
    #expect(shown.outputs.joined() == (try renderer.html(.markdown(text)).html))
  }

  @Test func aUseAfterItsDefinitionIsRightTheFirstTime() throws {
    let text = "[docs]: https://example.com\n\nSee [docs].\n"
    let updates = try updates(text)
    #expect(updates.flatMap(\.revised).isEmpty)
    #expect(updates.flatMap(\.committed).last?.output.contains("https://example.com") == true)
  }

  @Test func aDefinitionInsideAListReopensTheBlocksThatMayUseIt() throws {
    let text = "Before.\n\nUses [x].\n\nBetween.\n\n- item\n\n  [x]: /target\n\nAfter [x].\n"
    let updates = try updates(text)
    let reopened = updates.flatMap(\.reopened)
    #expect(!reopened.isEmpty)
    let replacing = try #require(updates.last?.committed.last)
    #expect(Set(replacing.replacing).isSuperset(of: reopened))
    var shown = StreamedDocument<String>()
    for update in updates { shown.apply(update) }
    #expect(shown.blocks.allSatisfy { $0.isFinal })
    #expect(shown.outputs.joined() == (try renderer.html(.markdown(text)).html))
    // The block before the first use stays final throughout.
    #expect(shown.blocks.first?.output == "<p>Before.</p>\n")
  }

  /// With raw HTML let through, a block one of the renderer's active passes may change (an
  /// alert) holds the stream, to be rendered again as one at the end; blocks none can change
  /// are final at once.
  @Test func withRawHTMLABlockAPassMayChangeHoldsTheStream() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    configuration.options.unsafe = true
    let renderer = try Renderer(configuration: configuration)
    let stream = MarkdownStream(
      renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer))
    let plain = try stream.feed(Array("First.\n\nSecond.\n\nThird.\n".utf8))
    #expect(!plain.committed.isEmpty)
    #expect(plain.committed.allSatisfy { $0.isFinal })
    let alert = try stream.feed(Array("\n> [!NOTE]\n> Fourth.\n\nFifth.\n".utf8))
    #expect(alert.committed.contains { !$0.isFinal })
  }

  /// Footnotes are numbered and listed at the end: the blocks from the first that may refer
  /// to one wait for the end, and those before it do not.
  @Test func blocksBeforeTheFirstFootnoteAreFinal() throws {
    let text = "First.\n\nSecond.\n\nA note[^n] here.\n\nMiddle.\n\n[^n]: The note.\n\nLast.\n"
    let updates = try updates(text)
    let beforeTheEnd = updates.dropLast().flatMap(\.committed)
    #expect(
      beforeTheEnd.filter(\.isFinal).map(\.output) == ["<p>First.</p>\n", "<p>Second.</p>\n"])
    #expect(beforeTheEnd.contains { !$0.isFinal })
    var shown = StreamedDocument<String>()
    for update in updates { shown.apply(update) }
    #expect(shown.blocks.allSatisfy { $0.isFinal })
    let html = shown.outputs.joined()
    #expect(html == (try renderer.html(.markdown(text)).html))
    #expect(html.contains("footnote"))
  }

  /// The held blocks rendered again as one at the end keep the definitions their own text
  /// uses, though the run's text is not searched for labels again.
  @Test func aHeldRunKeepsTheDefinitionsItsBlocksUse() throws {
    let text =
      "[docs]: https://example.com\n\nA note[^n] here.\n\nSee [docs].\n\n[^n]: The note.\n"
    let updates = try updates(text)
    let replacing = try #require(updates.last?.committed.last)
    #expect(!replacing.replacing.isEmpty)
    #expect(replacing.output.contains(#"<a href="https://example.com">docs</a>"#))
    var shown = StreamedDocument<String>()
    for update in updates { shown.apply(update) }
    #expect(shown.outputs.joined() == (try renderer.html(.markdown(text)).html))
  }
}
