import RenderCore
import RenderTerminal
import Testing

@Suite("Terminal colour mode")
struct TerminalColorModeTests {
  @Test func noColorTurnsColourOff() {
    let mode = TerminalColorMode.detect(
      environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], isTerminal: true)
    #expect(mode == .none)
  }

  @Test func anEmptyNoColorIsIgnored() {
    #expect(TerminalColorMode.detect(environment: ["NO_COLOR": ""], isTerminal: true) == .ansi256)
  }

  @Test func notATerminalMeansNoColour() {
    let mode = TerminalColorMode.detect(environment: ["COLORTERM": "truecolor"], isTerminal: false)
    #expect(mode == .none)
  }

  @Test(arguments: [
    ("truecolor", TerminalColorMode.trueColor), ("24bit", .trueColor),
    ("TrueColor", .trueColor), ("", .ansi256), ("yes", .ansi256),
  ])
  func colorTermChoosesTheDepth(colorTerm: String, expected: TerminalColorMode) {
    let mode = TerminalColorMode.detect(environment: ["COLORTERM": colorTerm], isTerminal: true)
    #expect(mode == expected)
  }

  @Test func alwaysOverridesTheEnvironmentAndThePipe() {
    let environment = ["NO_COLOR": "1", "COLORTERM": "24bit"]
    #expect(
      TerminalColorMode.detect(environment: environment, isTerminal: false, choice: .always)
        == .trueColor)
    #expect(
      TerminalColorMode.detect(environment: [:], isTerminal: false, choice: .always) == .ansi256)
  }

  @Test func neverWinsOverATrueColorTerminal() {
    let mode = TerminalColorMode.detect(
      environment: ["COLORTERM": "truecolor"], isTerminal: true, choice: .never)
    #expect(mode == .none)
  }
}
