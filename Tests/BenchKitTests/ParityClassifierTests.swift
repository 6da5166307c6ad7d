import BenchKit
import Testing

@Suite struct ParityClassifierTests {
  let classifier = ParityClassifier()

  @Test func equalOutputsHaveNoCategory() {
    #expect(classifier.classify("<p>a</p>", "<p>a</p>", markdown: "a") == nil)
  }

  @Test(arguments: [
    (
      "<p>“Hello” – it’s…</p>", "<p>&quot;Hello&quot; -- it's...</p>", "\"Hello\" -- it's...",
      ParityCategory.smartPunctuation
    ),
    ("<pre><code>a\tb</code></pre>", "<pre><code>a   b</code></pre>", "    a\tb", .tabs),
    (
      "<table><tr><td>a</td></tr></table>", "<p>| a |</p>", "| a |\n|---|", .extensions
    ),
    ("<p>x<del>y</del></p>", "<p>x~~y~~</p>", "x~~y~~", .extensions),
    (
      "<p>a <!-- raw HTML omitted --> b</p>", "<p>a <span>s</span> b</p>", "a <span>s</span> b",
      .sanitiser
    ),
    ("<p><a href=\"\">x</a></p>", "<p><a>x</a></p>", "[x](javascript:alert(1))", .sanitiser),
    ("<pre><code>let x</code></pre>", "<pre><code>let y</code></pre>", "    let x", .code),
    ("<p>run <code>a b</code></p>", "<p>run <code>a  b</code></p>", "`a  b`", .code),
    ("<ul><li>a</li></ul>", "<ol><li>a</li></ol>", "- a", .lists),
    ("<ul><li><p>a</p></li></ul>", "<ul><li>a</li></ul>", "- a", .lists),
    (
      "<ul><li>a <em><strong>b</strong></em></li></ul>",
      "<ul><li>a <strong><em>b</em></strong></li></ul>", "- a ***b***", .other
    ),
    ("<p>a “b” c</p><p>x</p>", "<p>a \"b\" c</p><p>y</p>", "a \"b\" c\n\nx", .smartPunctuation),
    (
      "<pre><code>a\tb</code></pre><p>x</p>", "<pre><code>a  b</code></pre><p>y</p>", "\ta\tb\n\nx",
      .tabs
    ),
    ("<h1>a</h1>", "<h2>a</h2>", "# a", .other),
  ])
  func classifiesCraftedPairs(
    first: String, second: String, markdown: String, expected: ParityCategory
  ) {
    #expect(classifier.classify(first, second, markdown: markdown) == expected)
  }

  @Test func tabsNeedATabInTheInput() {
    let category = classifier.classify(
      "<pre><code>a  b</code></pre>", "<pre><code>a b</code></pre>", markdown: "    a  b")
    #expect(category == .code)
  }
}
