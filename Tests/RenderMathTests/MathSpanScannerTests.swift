import Foundation
import RenderMath
import Testing

/// Where the scanner finds math, by GitHub's rules as comrak implements them (see
/// `MathSpanScanner`): each case says which rule it checks.
@Suite struct MathSpanScannerTests {
  static func found(_ markdown: String) -> [String] {
    MathSpanScanner.spans(in: markdown).map(\.latex)
  }

  @Test func proseWithPricesAndShellVariablesHasNoMath() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/prices.md")
    let prose = try String(contentsOf: url, encoding: .utf8)
    #expect(prose.filter { $0 == "$" }.count > 60)
    #expect(MathSpanScanner.spans(in: prose) == [])
  }

  @Test func inlineDollars() {
    let spans = MathSpanScanner.spans(in: "Euler: $e^{i\\pi} + 1 = 0$.")
    #expect(spans.map(\.latex) == ["e^{i\\pi} + 1 = 0"])
    #expect(spans.map(\.delimiter) == [.dollar])
    #expect(spans.map(\.isDisplay) == [false])
    #expect(Self.found("$x$ and $y$") == ["x", "y"])
    #expect(Self.found("$a$$b$") == ["a", "b"])
  }

  @Test func aDollarFollowedByWhitespaceDoesNotOpen() {
    #expect(Self.found("$ x $") == [])
    #expect(Self.found("$\nx$") == [])
  }

  @Test func aDollarPrecededByWhitespaceDoesNotClose() {
    // The first `$` after the opener decides: it is not a closer, so there is no math.
    #expect(Self.found("$5 and $10") == [])
    #expect(Self.found("$x $") == [])
  }

  @Test func aDollarFollowedByADigitDoesNotClose() {
    #expect(Self.found("$20,000 and $30,000") == [])
    #expect(Self.found("$a$5") == [])
  }

  @Test func documentedExample() {
    let markdown = "It costs $5 and $10; $x^2$ is math."
    let spans = MathSpanScanner.spans(in: markdown)
    #expect(spans.map(\.latex) == ["x^2"])
    #expect(
      spans.map { String(decoding: Array(markdown.utf8)[$0.range], as: UTF8.self) } == ["$x^2$"])
  }

  @Test func aFailedOpenerLeavesLaterMathAlone() {
    #expect(Self.found("costs $5 and $x+1$ more") == ["x+1"])
  }

  @Test func escapedDollars() {
    // Outside math, `\$` is a dollar; inside, it does not close.
    #expect(Self.found("\\$x$") == [])
    #expect(Self.found("\\$x\\$") == [])
    #expect(Self.found("$x\\$y$") == ["x\\$y"])
  }

  @Test func doubleDollarsAreDisplayMath() {
    let spans = MathSpanScanner.spans(in: "$$\\sum_i x_i$$")
    #expect(spans.map(\.latex) == ["\\sum_i x_i"])
    #expect(spans.map(\.delimiter) == [.doubleDollar])
    #expect(spans.map(\.isDisplay) == [true])
    // Neither the whitespace nor the digit rule applies to `$$`.
    #expect(Self.found("$$ x $$") == [" x "])
    #expect(Self.found("$$x$$2") == ["x"])
    #expect(Self.found("a $$x$$ b") == ["x"])
  }

  @Test func doubleDollarsOnLinesOfTheirOwn() {
    let markdown = "Text before.\n\n$$\n\\int_0^1 x\\,dx\n$$\n\nText after.\n"
    let spans = MathSpanScanner.spans(in: markdown)
    #expect(spans.map(\.latex) == ["\n\\int_0^1 x\\,dx\n"])
    #expect(spans.map(\.isDisplay) == [true])
    let range = spans[0].range
    let whole = String(decoding: Array(markdown.utf8)[range], as: UTF8.self)
    #expect(whole == "$$\n\\int_0^1 x\\,dx\n$$")
  }

  @Test func threeDollarsAreNeverADelimiter() {
    #expect(Self.found("$$$") == [])
    #expect(Self.found("$$$x$$$") == [])
  }

  @Test func emptyMathIsNoMath() {
    #expect(Self.found("$$$$") == [])
    #expect(Self.found("$``$") == [])
  }

  @Test func mathDoesNotCrossABlankLine() {
    #expect(Self.found("$a\n\nb$") == [])
    #expect(Self.found("$$a\n\nb$$") == [])
    // Within one paragraph it may span lines.
    #expect(Self.found("$a\nb$") == ["a\nb"])
  }

  @Test func dollarBacktick() {
    let spans = MathSpanScanner.spans(in: "see $`a^2 + b^2`$ here")
    #expect(spans.map(\.latex) == ["a^2 + b^2"])
    #expect(spans.map(\.delimiter) == [.dollarBacktick])
    // Its content may hold dollars and spaces at either end.
    #expect(Self.found("$` x$y `$") == [" x$y "])
    // Without its closer it is a dollar and a code span.
    #expect(Self.found("a $`b` c") == [])
  }

  @Test func codeSpansHoldNoMath() {
    #expect(Self.found("`$x$`") == [])
    #expect(Self.found("``$x$``") == [])
    #expect(Self.found("`a` $x$ `b`") == ["x"])
    // A backtick run without its closer is text, and math after it is found.
    #expect(Self.found("`` a $x$") == ["x"])
  }

  @Test func mathFences() {
    let spans = MathSpanScanner.spans(in: "Intro\n\n```math\nx^2\n\\\\ y\n```\n\nAfter $z$")
    #expect(spans.map(\.latex) == ["x^2\n\\\\ y\n", "z"])
    #expect(spans.map(\.delimiter) == [.fence, .dollar])
    #expect(spans[0].isDisplay)
    // An unclosed fence runs to the end of the document.
    #expect(Self.found("```math\na\nb") == ["a\nb\n"])
    #expect(Self.found("~~~~ math\nq\n~~~~") == ["q\n"])
  }

  @Test func codeBlocksHoldNoMath() {
    #expect(Self.found("```\n$x$\n```") == [])
    #expect(Self.found("```python\n$x$\n```\n$y$") == ["y"])
    #expect(Self.found("    $x$") == [])
    #expect(Self.found("Para\n    $x$") == ["x"])  // a continuation line, not code
    // A shorter fence does not close a longer one.
    #expect(Self.found("````\n```\n$x$\n````") == [])
  }

  @Test func blockQuotes() {
    // Fences inside a quote are fences, and their content loses the quote markers.
    #expect(Self.found("> ```math\n> x^2\n> ```") == ["x^2\n"])
    #expect(Self.found("> ```\n> $x$\n> ```\n") == [])
    #expect(Self.found("> > ```math\n> > a\n> > ```") == ["a\n"])
    #expect(Self.found("> $$\n> a + b\n> $$") == ["\na + b\n"])
    // The quote ends, and the fence in it.
    #expect(Self.found("> ```math\n> a\n\nb $c$") == ["a\n", "c"])
    #expect(Self.found("> ```\n> code\nText $c$") == ["c"])
  }

  @Test func rangesAreUTF8Offsets() {
    let markdown = "é $x$ ü"
    let spans = MathSpanScanner.spans(in: markdown)
    #expect(spans.map(\.range) == [3..<6])
  }

  @Test func openersWithoutClosersCostOneSearch() {
    // Each would search to the end of the paragraph if searches were not remembered: these
    // finish in linear time, and find what is there.
    let size = 200_000
    #expect(Self.found(String(repeating: "$`a ", count: size)) == [])
    #expect(
      Self.found(String(repeating: "$$a ", count: 1) + String(repeating: "$a ", count: size)) == [])
    var runs = ""
    for length in 1...600 { runs += String(repeating: "`", count: length) + " $x$ " }
    #expect(Self.found(runs) == Array(repeating: "x", count: 600))
    #expect(Self.found(String(repeating: "a\\$", count: size)) == [])
  }
}
