import Foundation
import RenderKit
import RenderStream
import Testing

/// JSON events and terminal lines from a stream.
struct StreamOutputsTests {
  let text =
    "# Notes\n\nSee [docs].\n\n> quoted\n> text\n\n- one\n- two\n\n[docs]: https://example.com\n"

  @Test func jsonEventsAreOneObjectALineAndCarryTheCommittedHTML() throws {
    let renderer = try StreamFixtures.renderer()
    let stream = MarkdownStream(
      renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer))
    var lines: [String] = []
    let bytes = Array(text.utf8)
    for start in stride(from: 0, to: bytes.count, by: 7) {
      lines += try stream.feed(bytes[start..<min(bytes.count, start + 7)]).jsonLines
        .split(separator: "\n").map(String.init)
    }
    lines += try stream.finish().jsonLines.split(separator: "\n").map(String.init)
    var outputs: [Int: String] = [:]
    var order: [Int] = []
    for line in lines {
      let event = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let id = event["id"] as? Int
      switch event["event"] as? String {
      case "commit":
        order.append(try #require(id))
        outputs[try #require(id)] = try #require(event["output"] as? String)
      case "revise": outputs[try #require(id)] = try #require(event["output"] as? String)
      case "tail": #expect(event["output"] is String)
      default: Issue.record("unexpected event \(line)")
      }
    }
    #expect(lines.contains { $0.hasPrefix(#"{"event":"revise""#) })
    #expect(order.compactMap { outputs[$0] }.joined() == (try renderer.html(.markdown(text)).html))
  }

  @Test func styledTextEventsHoldTheBlocksJSON() throws {
    let renderer = try StreamFixtures.renderer()
    let stream = MarkdownStream(
      renderer: renderer, rendering: StyledTextBlockRendering(renderer: renderer))
    _ = try stream.feed(Array(text.utf8))
    let lines = try stream.finish().jsonLines.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect((event?["output"] as? [String: Any])?["text"] != nil, "\(line)")
    }
  }

  @Test func terminalLinesOfTheJoinedBlocksAreTheOneShotLines() throws {
    let renderer = try StreamFixtures.renderer()
    let chunks = StreamFixtures.chunks(Array(text.utf8), seed: 3, longest: 5)
    let blocks = try StreamFixtures.streamed(
      chunks, renderer: renderer, rendering: StyledTextBlockRendering(renderer: renderer))
    #expect(blocks.count > 3)
    let terminal = TerminalRenderer(width: 40, colorMode: .ansi256)
    #expect(
      terminal.render(StyledText.joining(blocks))
        == terminal.render(try renderer.styledText(.markdown(text))))
  }
}
