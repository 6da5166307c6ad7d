import RenderCore
import Testing

@Suite struct MarkdownInputTests {
  @Test func invalidUTF8BecomesReplacementCharacters() {
    let bytes: [UInt8] = Array("ok ".utf8) + [0xFF, 0xC3] + Array(" end".utf8)
    #expect(MarkdownInput.decode(bytes) == "ok \u{FFFD}\u{FFFD} end")
  }

  @Test func truncatedSequenceAtTheEndIsRepaired() {
    #expect(MarkdownInput.decode(Array("é".utf8).dropLast()) == "\u{FFFD}")
  }

  @Test func nulBecomesReplacementCharacter() {
    #expect(MarkdownInput.prepare("a\u{0}b\u{0}") == "a\u{FFFD}b\u{FFFD}")
  }

  @Test func carriageReturnsBecomeLineFeeds() {
    #expect(MarkdownInput.prepare("a\r\nb\rc\n\r\nd\r") == "a\nb\nc\n\nd\n")
  }

  @Test func cleanTextIsReturnedUnchanged() {
    let text = "# Title\n\nSome *text* — ünïcödé.\n"
    #expect(MarkdownInput.prepare(text) == text)
    #expect(MarkdownInput.prepare("") == "")
  }
}
