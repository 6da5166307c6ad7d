import EngineDiscount
import HTMLImport
import RenderCore
import Testing

/// What Discount's flags cannot say, fixed around the library: code-block classes, task-list
/// glyphs, and the two ways its safe output would otherwise carry script.
@Suite struct DiscountHonestOutputTests {
  let engine = DiscountEngine()

  private func html(_ markdown: String, _ options: RenderOptions = RenderOptions()) throws -> String
  {
    try engine.render(markdown, options: options).html
  }

  @Test(arguments: [RenderOptions(), RenderOptions(unsafe: true)])
  func codeBlocksGetALanguageClassFromTheFirstWord(_ options: RenderOptions) throws {
    #expect(
      try html("```swift  extra words\nlet a = b < c && d\n```", options)
        == "<pre><code class=\"language-swift\">let a = b &lt; c &amp;&amp; d\n</code></pre>")
    #expect(
      try html("~~~ python\nx\n~~~", options)
        == "<pre><code class=\"language-python\">x\n</code></pre>")
    #expect(try html("```\nx\n```", options) == "<pre><code>x\n</code></pre>")
    #expect(
      try html("``` f&ouml;&ouml;\"<\nx\n```", options)
        == "<pre><code class=\"language-f&ouml;&ouml;&quot;&lt;\">x\n</code></pre>")
  }

  @Test func codeBlocksKeepTheirLinesAsDiscountWritesThem() throws {
    // Blank lines stay between lines of text; trailing ones go, as in Discount's own writer.
    #expect(
      try html("    a\n\n        b\n\n\n") == "<pre><code>a\n\n    b\n</code></pre>")
  }

  @Test(arguments: ["```", "~~~"])
  func anInfoStringCannotOpenATag(_ fence: String) throws {
    for markdown in [
      "\(fence)\"><script>alert(1)</script>\nx\n\(fence)",
      "> \(fence)\"><script>alert(1)</script>\n> x\n> \(fence)",
      "- \(fence)\" onmouseover=\"alert(1)\n  x\n  \(fence)",
      "   \(fence)\"><img src=x onerror=alert(1)>\n   x\n   \(fence)",
    ] {
      let output = try html(markdown)
      let elements = try HTMLImporter().importDocument(html: output).nodes.filter {
        $0.kind == .element
      }
      #expect(
        !elements.contains { $0.name == "script" || $0.name == "img" },
        "\(markdown.debugDescription) → \(output)")
      #expect(
        !elements.contains { $0.attributes.contains { $0.name.hasPrefix("on") } },
        "\(markdown.debugDescription) → \(output)")
    }
  }

  @Test func taskListGlyphsOnlyWhenTaskListsAreAskedFor() throws {
    #expect(
      try html("- [ ] a\n- [x] b\n") == "<ul>\n<li>[ ] a</li>\n<li>[x] b</li>\n</ul>\n")
    #expect(try html("- [X] b\n") == "<ul>\n<li>[X] b</li>\n</ul>\n")
    var options = RenderOptions()
    options.extensions = [.taskLists]
    let tasks = try html("- [ ] a\n- [x] b\n", options)
    #expect(tasks.contains("<li class=\"github_checkbox\">&#x2610; a</li>"))
    #expect(tasks.contains("<li class=\"github_checkbox\">&#x2611; b</li>"))
    #expect(engine.descriptor.features.contains(.taskLists))
  }
}
