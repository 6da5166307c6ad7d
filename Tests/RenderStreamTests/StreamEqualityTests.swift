import RenderKit
import RenderStream
import TestSupport
import Testing

/// Every suite streamed in random chunks (seeded) ends equal to the one-shot rendering.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing), .tags(.slow))
struct StreamEqualityTests {
  static let suites = [
    "commonmark/spec-0.30.json", "commonmark/cmark-regression-0.30.2.json",
    "suites/gfm-spec-0.29.json",
  ]

  @Test(arguments: suites, ["cmark-gfm", "cmark", "md4c"])
  func specExamplesEndAsTheOneShotHTML(suite: String, engine: String) throws {
    let renderer = try StreamFixtures.renderer(engine: engine)
    let rendering = HTMLBlockRendering(renderer: renderer)
    var compared = 0
    for (number, markdown) in try StreamFixtures.examples(suite) {
      let expected = try renderer.html(.markdown(markdown)).html
      let bytes = Array(markdown.utf8)
      for seed: UInt64 in 1...8 {
        let chunks = StreamFixtures.chunks(bytes, seed: seed, longest: seed < 4 ? 3 : 24)
        let joined = try StreamFixtures.streamed(
          chunks, renderer: renderer, rendering: rendering, rendersTail: seed.isMultiple(of: 2)
        ).joined()
        #expect(joined == expected, "\(suite) example \(number), seed \(seed)")
        compared += 1
      }
    }
    #expect(compared > 100)
  }

  /// Raw HTML is left out (the default): an element that raw HTML leaves open in one block
  /// styles the blocks after it in the one-shot document, as a browser nests them.
  @Test(arguments: suites)
  func specExamplesEndAsTheOneShotStyledText(suite: String) throws {
    let renderer = try StreamFixtures.renderer()
    let rendering = StyledTextBlockRendering(renderer: renderer)
    for (number, markdown) in try StreamFixtures.examples(suite) {
      let expected = try renderer.styledText(.markdown(markdown))
      let html = try renderer.html(.markdown(markdown)).html
      for seed: UInt64 in 1...3 {
        let chunks = StreamFixtures.chunks(Array(markdown.utf8), seed: seed, longest: 7)
        let parts = try StreamFixtures.streamed(chunks, renderer: renderer, rendering: rendering)
        Self.expectJoined(
          parts, equal: expected, html: html, "\(suite) example \(number), seed \(seed)")
      }
    }
  }

  /// The joined parts equal `expected`; but a block that shows nothing (omitted raw HTML, an
  /// empty paragraph, in `html`, the one-shot fragment) has no text block to carry its margins, alone or at the
  /// edge of a run of blocks rendered together, so then only the spacing may differ.
  static func expectJoined(
    _ parts: [StyledText], equal expected: StyledText, html: String, _ comment: Comment
  ) {
    let joined = StyledText.joining(parts)
    // A paragraph of an empty anchor (`<a name="x"></a>` alone) shows nothing either.
    let showsNothing =
      html.contains("raw HTML omitted") || html.contains("<p></p>") || html.contains("\"></a></p>")
    guard parts.contains(where: { $0.blocks.isEmpty }) || showsNothing else {
      #expect(joined == expected, comment)
      return
    }
    #expect(joined.string == expected.string, comment)
    #expect(joined.runs == expected.runs, comment)
    #expect(joined.blocks.map(\.range) == expected.blocks.map(\.range), comment)
    #expect(joined.blocks.map(\.kind) == expected.blocks.map(\.kind), comment)
  }

  @Test func readmesEndAsTheOneShotOutputs() throws {
    let renderer = try StreamFixtures.renderer()
    let html = HTMLBlockRendering(renderer: renderer)
    let safe = try StreamFixtures.renderer()
    let styled = StyledTextBlockRendering(renderer: safe)
    let readmes = try StreamFixtures.readmes()
    #expect(readmes.count == 16)
    for (name, text) in readmes {
      let bytes = Array(text.utf8)
      let expectedHTML = try renderer.html(.markdown(text)).html
      let expectedStyled = try safe.styledText(.markdown(text))
      for seed: UInt64 in 1...4 {
        let chunks = StreamFixtures.chunks(bytes, seed: seed, longest: 64)
        let joined = try StreamFixtures.streamed(chunks, renderer: renderer, rendering: html)
        #expect(joined.joined() == expectedHTML, "\(name), seed \(seed)")
      }
      let chunks = StreamFixtures.chunks(bytes, seed: 99, longest: 200)
      let parts = try StreamFixtures.streamed(chunks, renderer: safe, rendering: styled)
      Self.expectJoined(
        parts, equal: expectedStyled, html: try safe.html(.markdown(text)).html, "\(name) styled")
    }
  }

  @Test func progitEndsAsTheOneShotHTML() throws {
    let renderer = try StreamFixtures.renderer()
    let text = try StreamFixtures.corpus("progit.md")
    let expected = try renderer.html(.markdown(text)).html
    let chunks = StreamFixtures.chunks(Array(text.utf8), seed: 7, longest: 4096)
    let joined = try StreamFixtures.streamed(
      chunks, renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer),
      rendersTail: false
    ).joined()
    #expect(joined.utf8.count == expected.utf8.count)
    #expect(joined == expected)
  }
}
