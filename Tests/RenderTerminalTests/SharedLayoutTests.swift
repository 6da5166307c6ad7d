import RenderStyling
import RenderTerminal
import RenderText
import Testing

/// Plain text and the terminal lay blocks out by one rule (``BlockLayout``): the same lines,
/// the same blank lines and the same indents, the terminal drawing a bar where plain text
/// leaves the quote's two columns blank.
@Suite struct SharedLayoutTests {
  private var sample: StyledText {
    var sample = TerminalSample()
    sample.add(.paragraph, "Intro")
    sample.add(.listItem, "• one", indentLevel: 1, spacing: 0)
    sample.add(.listItem, "• two", indentLevel: 1, spacing: 0)
    sample.add(.listItem, "◦ nested", indentLevel: 2, spacing: 0)
    sample.add(.listItem, "10. ten", indentLevel: 1, spacing: 2)
    sample.add(.listItem, "a paragraph of the item", indentLevel: 1)
    sample.add(.quote, "quoted", indentLevel: 1, quoteLevel: 1)
    sample.add(.listItem, "• in a quote", indentLevel: 2, quoteLevel: 1, spacing: 0)
    sample.add(.paragraph, "Outro")
    return sample.text
  }

  @Test func terminalLinesAreThePlainTextLines() {
    let terminal = TerminalRenderer(width: 200, colorMode: .none).render(sample)
    let drawnAsPlain = terminal.replacingOccurrences(of: "│", with: " ")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix(" ") ? String($0.reversed().drop { $0 == " " }.reversed()) : String($0) }
    let plain = sample.plainText.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(Array(drawnAsPlain.prefix(plain.count)) == plain)
    #expect(plain.contains("  ◦ nested"))
    #expect(plain.contains("  • in a quote"))
  }
}
