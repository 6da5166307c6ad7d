import Testing

@testable import RenderCore

/// The one escaper: each context escapes what can end its text early, and nothing else, so
/// text written into markup is read back unchanged.
@Suite struct HTMLEscapingTests {
  static let sample = "a<b>&\"c\"'d'é"

  @Test("each context escapes its own characters")
  func contexts() {
    #expect(HTMLEscaping.escape(Self.sample, for: .text) == "a&lt;b&gt;&amp;\"c\"'d'é")
    #expect(
      HTMLEscaping.escape(Self.sample, for: .quotedValue) == "a&lt;b&gt;&amp;&quot;c&quot;'d'é")
    #expect(
      HTMLEscaping.escape(Self.sample)
        == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;é")
    var output = "x"
    HTMLEscaping.append(Self.sample, for: .quotedValue, to: &output)
    #expect(output == "x" + HTMLEscaping.escape(Self.sample, for: .quotedValue))
  }

  @Test("text with nothing to escape is returned whole")
  func plainTextUnchanged() {
    let plain = "plain text, ünïcode and \"quotes\" in element text"
    #expect(HTMLEscaping.escape(plain, for: .text) == plain)
  }

  @Test("a quote followed by a combining mark is still escaped")
  func quoteBeforeCombiningMark() {
    // One Character ("\"" + U+0301), but the quote alone ends an attribute value.
    let text = "x\"\u{301} onmouseover=alert(1)"
    #expect(!HTMLEscaping.escape(text, for: .quotedValue).contains("\""))
    #expect(!HTMLEscaping.escape("'\u{301}").contains("'"))
  }
}

@Suite struct HTMLEscapingBytesTests {
  @Test(arguments: [
    "", "plain", "a < b & \"c\" 'd' >", "é<ü>\u{1F600}&", "&&&", "\"'",
    String(repeating: "0123456789abcdef", count: 3) + "&",
    "<" + String(repeating: "é", count: 20) + "'" + String(repeating: "x", count: 15) + ">",
    String(repeating: "a\"b'c&d<e>f", count: 9),
  ])
  func bytesAreEscapedAsStringsAre(text: String) {
    for context in [HTMLEscaping.Context.text, .quotedValue, .anywhere] {
      var string = ""
      HTMLEscaping.append(text, for: context, to: &string)
      var output = HTMLOutput(capacity: 0)
      var copy = text
      copy.withUTF8 { HTMLEscaping.append(utf8: $0, for: context, to: &output) }
      let bytes = output.take()
      #expect(
        withExtendedLifetime(bytes) { String(decoding: bytes.bytes, as: UTF8.self) } == string)
    }
  }
}
