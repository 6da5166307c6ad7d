import Testing

@testable import RenderCore

/// The serializer's bytes, compared with what HTML's serialization rules write by hand: the
/// quote escaped in attribute values always and in text only where the layout says, raw text
/// left as it is, void elements without an end tag, names outside HTML's vocabulary and
/// non-ASCII text written as they came.
@Suite struct HTMLSerializerBytesTests {
  private func document(_ build: (inout Document) -> Void) -> Document {
    var document = Document()
    build(&document)
    return document
  }

  @Test func quotesAreEscapedInValuesAlwaysAndInTextAsTheLayoutSays() {
    let sample = document { document in
      let paragraph = document.appendElement(
        "p", attributes: [.init(name: "title", value: #"a "b" 'c' & <d>"#)], to: document.root)
      document.appendText(#"say "hi" & 'bye' <now>"#, to: paragraph)
    }
    #expect(
      HTMLSerializer.fragment(of: sample, layout: .html)
        == #"<p title="a &quot;b&quot; 'c' &amp; &lt;d&gt;">say "hi" &amp; 'bye' &lt;now&gt;</p>"#)
    #expect(
      HTMLSerializer.fragment(of: sample, layout: .cmark)
        == #"<p title="a &quot;b&quot; 'c' &amp; &lt;d&gt;">say &quot;hi&quot; &amp; 'bye' &lt;now&gt;</p>"#
    )
  }

  @Test func rawTextIsWrittenAsItIsWithEndTagsBroken() {
    let sample = document { document in
      let script = document.appendElement("script", to: document.root)
      document.appendText("if (a < b && c > \"d\") {} </script><b>", to: script)
      let style = document.appendElement("style", to: document.root)
      document.appendText("p > a { content: \"&\" }", to: style)
    }
    #expect(
      HTMLSerializer.fragment(of: sample)
        == #"<script>if (a < b && c > "d") {} <\/script><b></script>"#
        + #"<style>p > a { content: "&" }</style>"#)
  }

  @Test func voidElementsHaveNoEndTagAndEndAsTheLayoutSays() {
    let sample = document { document in
      document.appendElement("br", to: document.root)
      document.appendElement(
        "img", attributes: [.init(name: "src", value: "a.png"), .init(name: "alt", value: "")],
        to: document.root)
      let custom = document.appendElement(
        "my-widget", attributes: [.init(name: "data-x", value: "1")], to: document.root)
      document.appendText("x", to: custom)
    }
    #expect(
      HTMLSerializer.fragment(of: sample, layout: .html)
        == #"<br><img src="a.png" alt=""><my-widget data-x="1">x</my-widget>"#)
    #expect(
      HTMLSerializer.fragment(of: sample, layout: .cmark)
        == #"<br /><img src="a.png" alt="" /><my-widget data-x="1">x</my-widget>"#)
  }

  @Test func nonASCIITextAndValuesAreWrittenAsTheyCame() {
    let text = "é<ü>\u{1F600}&\u{301}\" naïve"
    let sample = document { document in
      let link = document.appendElement(
        "a", attributes: [.init(name: "href", value: "/ü?q=\u{1F600}&x")], to: document.root)
      document.appendText(text, to: link)
    }
    #expect(
      HTMLSerializer.fragment(of: sample)
        == "<a href=\"/ü?q=\u{1F600}&amp;x\">é&lt;ü&gt;\u{1F600}&amp;\u{301}\" naïve</a>")
  }

  @Test func structureIsUnwrappedAndALeadingNewlineInPreDoubled() {
    let sample = document { document in
      let html = document.appendElement("html", to: document.root)
      let head = document.appendElement("head", to: html)
      document.appendElement("meta", attributes: [.init(name: "charset", value: "utf-8")], to: head)
      let body = document.appendElement("body", to: html)
      let pre = document.appendElement("pre", to: body)
      document.appendText("\ncode", to: pre)
    }
    #expect(HTMLSerializer.fragment(of: sample) == "<meta charset=\"utf-8\"><pre>\n\ncode</pre>")
    #expect(
      HTMLSerializer().write(contentsOf: sample.root, in: sample)
        == "<html><head><meta charset=\"utf-8\"></head><body><pre>\n\ncode</pre></body></html>")
  }

  /// Text long enough that the escaper scans it in blocks, with the characters it replaces
  /// at every position of a block, its first and last bytes included.
  @Test func longTextIsEscapedAtEveryPosition() {
    for position in 0..<40 {
      for character in ["&", "<", ">", "\"", "'", "é"] {
        let text =
          String(repeating: "a", count: position) + character
          + String(repeating: "b", count: 37 - position % 7)
        let sample = document { document in
          let paragraph = document.appendElement("p", to: document.root)
          document.appendText(text, to: paragraph)
        }
        #expect(
          HTMLSerializer.fragment(of: sample, layout: .cmark)
            == "<p>" + HTMLEscaping.escape(text, for: .quotedValue) + "</p>")
      }
    }
  }

  @Test func theFragmentsBytesAreItsString() {
    let sample = document { document in
      let paragraph = document.appendElement("p", to: document.root)
      document.appendText("a & b", to: paragraph)
    }
    let bytes = HTMLSerializer.fragmentUTF8(of: sample, layout: .cmark)
    let text = withExtendedLifetime(bytes) { String(decoding: bytes.bytes, as: UTF8.self) }
    #expect(text == HTMLSerializer.fragment(of: sample, layout: .cmark))
  }
}
