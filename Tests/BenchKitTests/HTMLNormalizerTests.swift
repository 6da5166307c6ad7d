import BenchKit
import Foundation
import RenderKit
import TestSupport
import Testing

@Suite struct HTMLNormalizerTests {
  @Test func collapsesWhitespaceAndSortsAttributes() {
    #expect(
      HTMLNormalizer.normalize("<P TITLE=t CLASS=x>a  &amp;\n b<br /></P>")
        == "<p class=\"x\" title=\"t\">a &amp; b<br></p>")
  }

  @Test func lineBreakSpellingsAgree() {
    let spellings = ["<p>a<br />b</p>", "<p>a<br/>b</p>", "<p>a<br>b</p>", "<p>a<br>\nb</p>"]
    #expect(Set(spellings.map(HTMLNormalizer.normalize)) == ["<p>a<br>b</p>"])
  }

  @Test func dropsWhitespaceAroundBlocksButKeepsPreformattedText() {
    let html = "<ul>\n  <li>one</li>\n</ul>\n<pre><code>  x\n\n y\n</code></pre>\n"
    #expect(
      HTMLNormalizer.normalize(html) == "<ul><li>one</li></ul><pre><code>  x\n\n y\n</code></pre>")
  }

  @Test func decodesReferencesButKeepsMarkupCharactersEscaped() {
    #expect(
      HTMLNormalizer.normalize("<p>&copy; &#39; &quot; &lt; &gt; &#x26; \"</p>")
        == "<p>© ' &quot; &lt; &gt; &amp; &quot;</p>")
    #expect(
      HTMLNormalizer.normalize("<a href=\"?a=1&amp;b=&quot;\">x</a>")
        == HTMLNormalizer.normalize("<a href='?a=1&b=\"'>x</a>"))
  }

  @Test func ignoresSourcePositionsAndLanguagePrefixes() {
    #expect(
      HTMLNormalizer.normalize("<p data-sourcepos=\"1:1-1:3\">a</p>")
        == HTMLNormalizer.normalize("<p>a</p>"))
    #expect(
      HTMLNormalizer.normalize("<pre><code class=\"language-swift\">x</code></pre>")
        == "<pre><code class=\"swift\">x</code></pre>")
  }

  @Test func keepsDifferencesThatShow() {
    #expect(HTMLNormalizer.normalize("<p>a b</p>") != HTMLNormalizer.normalize("<p>ab</p>"))
    #expect(HTMLNormalizer.normalize("<em>a</em>") != HTMLNormalizer.normalize("<i>a</i>"))
    #expect(
      HTMLNormalizer.normalize("<pre>a  b</pre>") != HTMLNormalizer.normalize("<pre>a b</pre>"))
  }

  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func cmarkMatchesEveryCommonMarkSpecExample() throws {
    struct Example: Decodable {
      let markdown: String
      let html: String
      let example: Int
    }
    let examples = try JSONDecoder().decode(
      [Example].self, from: SharedFixtures.data("commonmark/spec-0.30.json"))
    #expect(examples.count == 652)
    var failures: [Int] = []
    for example in examples {
      let rendered = try CMarkEngine().render(
        example.markdown, options: RenderOptions(unsafe: true))
      if HTMLNormalizer.normalize(rendered.html) != HTMLNormalizer.normalize(example.html) {
        failures.append(example.example)
      }
    }
    #expect(failures == [], "spec examples whose normalised HTML differs")
  }
}
