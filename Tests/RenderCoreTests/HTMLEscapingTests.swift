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
  @Test(arguments: ["", "plain", "a < b & \"c\" 'd' >", "é<ü>\u{1F600}&", "&&&", "\"'"])
  func bytesAreEscapedAsStringsAre(text: String) {
    for context in [HTMLEscaping.Context.text, .quotedValue, .anywhere] {
      var string = ""
      HTMLEscaping.append(text, for: context, to: &string)
      var bytes: [UInt8] = []
      var copy = text
      copy.withUTF8 { HTMLEscaping.append(utf8: $0, for: context, to: &bytes) }
      #expect(String(decoding: bytes, as: UTF8.self) == string)
    }
  }
}
