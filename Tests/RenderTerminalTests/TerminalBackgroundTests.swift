import RenderStyling
import RenderTerminal
import Testing

@Suite("Terminal background")
struct TerminalBackgroundTests {
  @Test func colorFGBGNamesTheBackgroundLast() {
    #expect(TerminalBackground.colorScheme(colorFGBG: "15;0") == .dark)
    #expect(TerminalBackground.colorScheme(colorFGBG: "0;15") == .light)
    #expect(TerminalBackground.colorScheme(colorFGBG: "0;default;7") == .light)
    #expect(TerminalBackground.colorScheme(colorFGBG: "7;8") == .dark)
    #expect(TerminalBackground.colorScheme(colorFGBG: "default") == nil)
    #expect(TerminalBackground.colorScheme(colorFGBG: "0;99") == nil)
  }

  @Test func anOSC11ReplyIsReadByItsLuminance() {
    #expect(TerminalBackground.colorScheme(reply: "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\") == .dark)
    #expect(TerminalBackground.colorScheme(reply: "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}") == .light)
    // Two hex digits a channel; Solarized Light's base3 and Dark's base03.
    #expect(TerminalBackground.colorScheme(reply: "\u{1B}]11;rgb:fd/f6/e3\u{07}") == .light)
    #expect(TerminalBackground.colorScheme(reply: "\u{1B}]11;rgb:00/2b/36\u{07}") == .dark)
    #expect(TerminalBackground.colorScheme(reply: "\u{1B}]11;?\u{07}") == nil)
    #expect(TerminalBackground.colorScheme(reply: "rgb:12345/0/0") == nil)
  }
}
