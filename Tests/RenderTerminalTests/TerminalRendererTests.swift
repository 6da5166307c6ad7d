import RenderCore
import RenderStyling
import RenderText
import Testing

@testable import RenderTerminal

@Suite("Terminal renderer")
struct TerminalRendererTests {
  private let sample = TerminalSampleDocument.text

  @Test(arguments: [20, 40, 80])
  func noLineIsWiderThanTheWidth(width: Int) {
    for mode in TerminalColorMode.allCases {
      let output = TerminalRenderer(width: width, colorMode: mode).render(sample)
      for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
        let visible = Self.stripEscapes(String(line))
        #expect(DisplayWidth.of(visible) <= width, "\(mode) \(width): \(visible)")
      }
    }
  }

  @Test func noColorMeansNoEscapeAtAll() {
    let output = TerminalRenderer(width: 40, colorMode: .none, hyperlinks: true).render(sample)
    #expect(!output.contains("\u{1B}"))
    #expect(!output.contains("\u{07}"))
  }

  @Test func hyperlinksOnlyWithColorAndWhenAsked() {
    let open = "\u{1B}]8;;https://example.org/docs\u{1B}\\"
    let close = "\u{1B}]8;;\u{1B}\\"
    let linked = TerminalRenderer(width: 80, colorMode: .ansi256, hyperlinks: true).render(sample)
    #expect(linked.contains(open + "\u{1B}[4;38;5;26mlink"))
    #expect(linked.contains(close))
    let unlinked = TerminalRenderer(width: 80, colorMode: .ansi256, hyperlinks: false)
      .render(sample)
    #expect(!unlinked.contains("\u{1B}]8;"))
    #expect(unlinked.contains("(https://example.org/docs)"))
    let plain = TerminalRenderer(width: 200, colorMode: .none, hyperlinks: true).render(sample)
    #expect(plain.contains("link (https://example.org/docs)."))
    // The text already names the target: it is not repeated.
    #expect(plain.contains("See https://example.org or"))
  }

  /// A hyperlink opens again on every line its text wraps to: a target past the limit is
  /// written once after its text instead, so the output stays linear in the link's length.
  @Test func aTargetTooLongForAHyperlinkIsWrittenOnce() {
    func render(_ text: String, linkedTo target: String) -> String {
      var style = TextStyle()
      style.link = target
      var sample = TerminalSample()
      sample.add(.paragraph, [(text, style)])
      return TerminalRenderer(width: 60, colorMode: .ansi256, hyperlinks: true).render(sample.text)
    }
    let fitting =
      "https://x/" + String(repeating: "a", count: TerminalStyle.maximumHyperlinkBytes - 10)
    #expect(render(fitting, linkedTo: fitting).contains("\u{1B}]8;;" + fitting + "\u{1B}\\"))
    let long = "https://x/" + String(repeating: "a", count: 70_000)
    for text in [long, "x"] {
      let output = render(text, linkedTo: long)
      #expect(!output.contains("\u{1B}]8;;https"))
      // The text, wrapped, and the target once in parentheses unless the text says it.
      let shown = Self.stripEscapes(output).replacingOccurrences(of: "\n", with: "")
      #expect(shown.components(separatedBy: "(" + long + ")").count == (text == long ? 1 : 2))
      #expect(output.utf8.count < 2 * (text.utf8.count + long.utf8.count) + 1_000)
    }
  }

  /// Terminal output can be far larger than its text: in a narrow table column each couple of
  /// words has a line of its own, and a hyperlink's target comes again on each. With
  /// a cap, the layout stops at the first line past it instead of making all of it; under
  /// the cap, the output is the uncapped one.
  @Test func anOutputCapStopsTheLayoutAtTheFirstLinePastIt() throws {
    var link = TextStyle()
    link.link = "https://x/" + String(repeating: "a", count: 2_000)
    var sample = TerminalSample()
    let otherColumns = String(repeating: "\ty", count: 12)
    for _ in 0..<10 {
      sample.add(
        .tableRow, [(String(repeating: "x ", count: 250), link), (otherColumns, .plain)],
        spacing: 0)
    }
    let renderer = TerminalRenderer(width: 80, colorMode: .ansi256, hyperlinks: true)
    let whole = renderer.render(sample.text)
    let textBytes = sample.text.string.utf8.count
    // 190 lines, each with the whole target: over seventy times the text.
    #expect(whole.utf8.count > 70 * textBytes)
    #expect(try renderer.render(sample.text, maximumBytes: whole.utf8.count) == whole)
    let maximum = 64 * textBytes
    do {
      _ = try renderer.render(sample.text, maximumBytes: maximum)
      Issue.record("\(whole.utf8.count) bytes of output passed a cap of \(maximum)")
    } catch {
      guard case .limitExceeded(let limit, let value, let reported) = error else {
        Issue.record("unexpected error: \(error)")
        return
      }
      #expect(limit == RenderLimits.outputLimitName)
      #expect(reported == maximum)
      // Stopped within a line of the cap.
      let longestLine = whole.split(separator: "\n").map(\.utf8.count).max() ?? 0
      #expect(value > maximum && value <= maximum + longestLine + 1)
    }
  }

  @Test func trueColorUsesTwentyFourBitCodes() {
    let output = TerminalRenderer(width: 80, colorMode: .trueColor).render(sample)
    #expect(output.contains("\u{1B}[1;38;2;204;34;34mTerminal output"))
    #expect(output.contains("\u{1B}[3mitalic"))
    #expect(output.contains("\u{1B}[9mstruck"))
  }

  @Test func wrappedLinesKeepQuoteBarsAndIndents() {
    let output = TerminalRenderer(width: 20).render(sample)
    let lines = output.split(separator: "\n").map(String.init)
    let quoteLines = lines.filter { $0.hasPrefix("│ ") }
    #expect(quoteLines.count >= 4)
    #expect(lines.contains("│ │ Nested quote"))
    // The marker hangs into the list's level; wrapped lines align after it, as in plain text.
    #expect(lines.contains("• Second item, long"))
    #expect(lines.contains("  enough to wrap"))
  }

  @Test func controlCharactersCannotReachTheTerminal() {
    var sample = TerminalSample()
    sample.add(.paragraph, "bell \u{07} escape \u{1B}[31m red")
    var style = TextStyle()
    style.link = "https://example.org/\u{1B}]8;;evil\u{07}"
    sample.add(.paragraph, "link", style)
    let output = TerminalRenderer(width: 80, colorMode: .trueColor).render(sample.text)
    #expect(output.contains("bell \u{FFFD} escape \u{FFFD}[31m red"))
    #expect(output.contains("https://example.org/%1B]8;;evil%07"))
    #expect(!output.contains("\u{07}"))
  }

  @Test func textOutsideEveryBlockIsStillShown() {
    let text = StyledText(string: "no blocks at all", runs: [], blocks: [])
    #expect(TerminalRenderer(width: 80).render(text) == "no blocks at all\n")
  }

  @Test func aQuoteMarkedByKindOnlyGetsABar() {
    var sample = TerminalSample()
    sample.add(.quote, "quoted", indentLevel: 1, quoteLevel: 0)
    sample.add(.quote, "nested", indentLevel: 2, quoteLevel: 0)
    #expect(TerminalRenderer(width: 20).render(sample.text) == "│ quoted\n│\n│ │ nested\n")
  }

  @Test func tableColumnsLineUp() {
    var sample = TerminalSample()
    sample.add(.tableRow, "a\tlonger\tx", spacing: 0)
    sample.add(.tableRow, "wide cell\tb\ty", spacing: 0)
    let output = TerminalRenderer(width: 40).render(sample.text)
    #expect(
      output == """
        ┌───────────┬────────┬───┐
        │ a         │ longer │ x │
        │ wide cell │ b      │ y │
        └───────────┴────────┴───┘

        """)
  }

  @Test func emptyTextGivesNoOutput() {
    #expect(TerminalRenderer(width: 80, colorMode: .trueColor).render(StyledText()).isEmpty)
  }

  @Test func extremeNestingStillLeavesRoomForText() {
    var sample = TerminalSample()
    sample.add(.quote, "deep text here", indentLevel: 100_000, quoteLevel: 50_000)
    sample.add(.listItem, "• deep item", indentLevel: 100_000, quoteLevel: 0)
    let lines = TerminalRenderer(width: 20).render(sample.text).split(separator: "\n")
    #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 20 })
    #expect(lines.first == "│ │ │ │ │ deep text")
    #expect(lines.last == "            item")  // the capped indent, then the hanging indent
  }

  @Test func codeKeepsSpacesAndExpandsTabs() {
    var sample = TerminalSample()
    sample.add(.codeBlock, "a  b\n\tc")
    #expect(TerminalRenderer(width: 40).render(sample.text) == "    a  b\n        c\n")
  }

  @Test func centeredAndRightAlignedBlocks() {
    var sample = TerminalSample()
    sample.add(.paragraph, [("middle", .plain)], alignment: .center)
    sample.add(.paragraph, [("right", .plain)], alignment: .right)
    let output = TerminalRenderer(width: 20).render(sample.text)
    #expect(output == "       middle\n\n               right\n")
  }

  @Test func theMarkerLengthGivesTheHangingIndent() {
    var text = StyledText(string: "12. an item that wraps")
    text.blocks = [TextBlock(range: 0..<22, kind: .listItem, markerLength: 4)]
    #expect(TerminalRenderer(width: 12).render(text) == "12. an item\n    that\n    wraps\n")
    text.blocks[0].markerLength = 0
    #expect(TerminalRenderer(width: 12).render(text) == "12. an item\nthat wraps\n")
  }

  @Test func thePageColoursAreLeftToTheTerminal() {
    let white = CSSColor(red: 255, green: 255, blue: 255)
    let grey = CSSColor(red: 0x33, green: 0x33, blue: 0x33)
    let tint = CSSColor(red: 0xf6, green: 0xf8, blue: 0xfa)
    var body = TextStyle.colored(grey)
    body.backgroundColor = white
    var sample = TerminalSample()
    sample.add(.paragraph, "plain body text", body, background: white)
    sample.add(.codeBlock, "code", .colored(grey), background: tint)
    sample.add(
      .paragraph, [("more ", body), ("red", .colored(TerminalSampleDocument.red))],
      background: white)
    let output = TerminalRenderer(width: 20, colorMode: .trueColor).render(sample.text)
    #expect(output.hasPrefix("plain body text\n\n"))
    #expect(output.contains("\u{1B}[38;2;51;51;51;48;2;246;248;250mcode"))
    #expect(output.hasSuffix("more \u{1B}[38;2;204;34;34mred\u{1B}[0m\n"))
    #expect(!output.contains("48;2;255;255;255"))
  }

  private static func stripEscapes(_ line: String) -> String {
    var result = ""
    var scalars = line.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\u{1B}" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      if scalars.first == "[" {
        scalars = scalars.drop { !("@"..."~").contains($0) || $0 == "[" }.dropFirst()
      } else if scalars.first == "]" {
        while let next = scalars.popFirst(), next != "\\" {}
      }
    }
    return result
  }
}
