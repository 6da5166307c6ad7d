import RenderCore
import Testing

/// The checker reads tags as a browser's tokenizer does, so text that merely looks like an
/// attribute cannot hide a real one, and what it cannot vouch for becomes text.
@Suite struct GeneratedHTMLCheckerTests {
  private func checked(_ html: String) -> String {
    var html = html
    return html.withUTF8 { bytes in
      GeneratedHTMLChecker.checked(bytes).map { String(decoding: $0, as: UTF8.self) }
    } ?? html
  }

  @Test func leavesMarkdownOutputAsItIs() {
    let html = """
      <h1 id="a">A</h1>
      <p><a href="https://example.com" title="t">x</a> <img src="x.png" alt="a" /><br/></p>
      <table><tr><th style="text-align:left;">a</th></tr></table>
      <pre><code class="language-swift">let x = 1 &lt; 2
      </code></pre>
      """
    var copy = html
    #expect(copy.withUTF8 { GeneratedHTMLChecker.checked($0) } == nil)
  }

  @Test func textThatLooksLikeAnAttributeDoesNotHideTheRealOne() {
    #expect(
      checked(#"<p>x src="<img src="javascript:alert(1" alt="a" />)</p>"#)
        == #"<p>x src="<img src="" alt="a" />)</p>"#)
    #expect(
      checked(#"<p>x href='<a href="&#106;avascript:x">a</a></p>"#)
        == #"<p>x href='<a href="">a</a></p>"#)
  }

  @Test func elementsOutsideTheVocabularyBecomeText() {
    #expect(
      checked(#"<pre><code class=""><script>alert(1)</script>">x</code></pre>"#)
        == #"<pre><code class="">&lt;script>alert(1)&lt;/script>">x</code></pre>"#)
    #expect(checked("<p><!-- x --><?php ?></p>") == "<p>&lt;!-- x -->&lt;?php ?></p>")
    #expect(checked("<p>a</p><img src=\"x") == "<p>a</p>&lt;img src=\"x")
  }

  @Test func attributesOutsideTheVocabularyAreDropped() {
    #expect(
      checked(#"<img src="x.png" alt="a"onerror="alert(1)" />"#)
        == #"<img src="x.png" alt="a" />"#)
    #expect(
      checked(#"<a href="x" title='t"' onmouseover=alert(1)>x</a>"#)
        == #"<a href="x" title="t&quot;">x</a>"#)
    #expect(checked(#"<td style="position:fixed">x</td>"#) == "<td>x</td>")
    #expect(checked(#"<p a="1" A="2" a=3>x</p>"#) == #"<p>x</p>"#)
  }

  @Test func everyURLGoesThroughTheOneRule() {
    for url in [
      "javascript:x", "JaVa&#115;cript:x", " vbscript:x", "data:text/html,x", "file:///x",
    ] {
      #expect(checked("<a href=\"\(url)\">a</a>") == "<a href=\"\">a</a>", "\(url)")
    }
    let image = #"<img src="data:image/png;base64,AA==" />"#
    #expect(checked(image) == image)
  }
}
