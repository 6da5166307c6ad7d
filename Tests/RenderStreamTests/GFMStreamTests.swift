import Foundation
import RenderKit
import RenderStream
import Testing

/// A stream under the default configuration (the gfm profile: heading anchors, raw HTML
/// through GitHub's allowlist): headings and raw HTML are committed the moment they are final,
/// and the end is the one-shot render.
struct GFMStreamTests {
  let renderer: Renderer
  init() throws { renderer = try StreamFixtures.renderer() }

  /// Headings with duplicate titles, in-page links before and after their targets, balanced
  /// raw HTML, a comment, and a `<details>` opened in one block and closed three blocks later;
  /// blocks are separated by one blank line.
  static let text = """
    # Usage

    See [setup](#setup), [the second usage](#usage-1) and [nothing](#missing).

    <p align="center">
      <img src="logo.png" alt="logo"><br>
      <sub>a caption</sub>
    </p>

    ## Setup

    <!-- a comment -->

    Back to [usage](#usage) and [setup](#user-content-setup).

    # Usage

    <details>
    <summary>More</summary>

    Hidden *text*.

    </details>

    ## Setup

    Last paragraph.

    """

  /// The source range of each block (blank line included) and whether it is inside the
  /// `<details>`, which may be held until `</details>` arrives.
  static var blocks: [(range: Range<Int>, inDetails: Bool)] {
    let bytes = Array(text.utf8)
    var result: [(Range<Int>, Bool)] = []
    var start = 0
    var inDetails = false
    for index in 1..<bytes.count where bytes[index - 1] == 0x0A && bytes[index] == 0x0A {
      let block = String(decoding: bytes[start..<index], as: UTF8.self)
      if block.hasPrefix("<details>") { inDetails = true }
      result.append((start..<index + 1, inDetails && !block.hasPrefix("</details>")))
      if block.hasPrefix("</details>") { inDetails = false }
      start = index + 1
    }
    result.append((start..<bytes.count, false))
    return result
  }

  /// Fed up to the first byte of the block after it, each block is in final blocks (the
  /// `<details>` blocks by `</details>`), and the end is the one-shot fragment and JSON.
  @Test func eachBlockIsFinalByTheFeedThatMakesItFinalAndTheEndIsTheOneShot() throws {
    let stream = MarkdownStream(
      renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer))
    let bytes = Array(Self.text.utf8)
    var shown = StreamedDocument<String>()
    var json = ""
    var fed = 0
    // The last block is final at the end of the input.
    for (range, inDetails) in Self.blocks.dropLast() {
      let end = min(bytes.count, range.upperBound + 1)
      let update = try stream.feed(bytes[fed..<end])
      fed = end
      shown.apply(update)
      json += update.jsonLines
      let finalEnd = shown.blocks.prefix { $0.isFinal }.last?.sourceRange.upperBound ?? 0
      let block = String(decoding: bytes[range], as: UTF8.self)
      if inDetails {
        #expect(finalEnd < range.upperBound, "held until </details>: \(block)")
      } else {
        #expect(finalEnd >= range.upperBound - 1, "not final when it is: \(block)")
      }
    }
    let rest = try stream.feed(bytes[fed...])
    shown.apply(rest)
    json += rest.jsonLines
    let finish = try stream.finish()
    shown.apply(finish)
    json += finish.jsonLines
    let oneShot = try renderer.html(.markdown(Self.text)).html
    #expect(shown.outputs.joined() == oneShot)
    #expect(try Self.joinedJSON(json) == oneShot)
    #expect(oneShot.contains("id=\"user-content-usage-1\""))
    #expect(oneShot.contains("id=\"user-content-setup-1\""))
    #expect(oneShot.contains("href=\"#user-content-setup\""))
    #expect(oneShot.contains("<details>"))
  }

  /// Anchors asked for outside the gfm profile's allowlist (no prefix) stream the same way.
  @Test func askedForAnchorsHoldNothing() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    configuration.options.headingAnchors = true
    configuration.disabledExtensions = [.allowedHTML]
    let renderer = try Renderer(configuration: configuration)
    let stream = MarkdownStream(
      renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer))
    var shown = StreamedDocument<String>()
    shown.apply(try stream.feed(Array("# Usage\n\nText.\n\n# Usage\n".utf8)))
    #expect(shown.blocks.allSatisfy { $0.isFinal })
    #expect(shown.outputs.joined().contains("<h1 id=\"usage-1\">Usage</h1>"))
    shown.apply(try stream.feed(Array("\nEnd.\n".utf8)))
    shown.apply(try stream.finish())
    let oneShot = try renderer.html(.markdown("# Usage\n\nText.\n\n# Usage\n\nEnd.\n")).html
    #expect(shown.outputs.joined() == oneShot)
  }

  /// The same in styled text, in seeded chunks of 1 to 7 bytes.
  @Test func styledTextEndsAsTheOneShot() throws {
    let rendering = StyledTextBlockRendering(renderer: renderer)
    let expected = try renderer.styledText(.markdown(Self.text))
    for seed: UInt64 in 1...3 {
      let chunks = StreamFixtures.chunks(Array(Self.text.utf8), seed: seed, longest: 7)
      let parts = try StreamFixtures.streamed(chunks, renderer: renderer, rendering: rendering)
      StreamEqualityTests.expectJoined(
        parts, equal: expected, html: try renderer.html(.markdown(Self.text)).html,
        "seed \(seed)")
    }
  }

  /// The HTML of the commit and revise events of `lines`, in commit order, replaced blocks
  /// left out.
  static func joinedJSON(_ lines: String) throws -> String {
    var outputs: [Int: String] = [:]
    var order: [Int] = []
    for line in lines.split(separator: "\n") {
      let event = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      guard let id = event["id"] as? Int else { continue }  // a tail
      switch event["event"] as? String {
      case "commit":
        let replacing = event["replacing"] as? [Int] ?? []
        let position = order.firstIndex { replacing.contains($0) } ?? order.count
        order.removeAll { replacing.contains($0) }
        order.insert(id, at: min(position, order.count))
        outputs[id] = try #require(event["output"] as? String)
      case "revise": outputs[id] = try #require(event["output"] as? String)
      default: break
      }
    }
    return order.compactMap { outputs[$0] }.joined()
  }
}
