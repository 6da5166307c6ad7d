import RenderKit
import RenderStream
import Testing

/// The tail shows as it will once finished: what is open is closed, nothing before changes.
struct TailRepairTests {
  let renderer: Renderer
  init() throws { renderer = try StreamFixtures.renderer() }

  private func shown(_ tail: String, openFence: String? = nil) throws -> String {
    try renderer.html(.markdown(TailRepair().repaired(tail, openFence: openFence))).html
  }

  @Test func openEmphasisStrongAndStrikethroughAreClosed() throws {
    #expect(try shown("Some **bold te").contains("<strong>bold te</strong>"))
    #expect(try shown("an _it and *both").contains("<em>it and <em>both</em></em>"))
    #expect(try shown("gone ~~stri").contains("<del>stri</del>"))
  }

  @Test func anOpenCodeSpanIsClosedAndWhatItHoldsStaysCode() throws {
    let html = try shown("call `f(**x")
    #expect(html.contains("<code>f(**x</code>"))
    #expect(!html.contains("<strong>"))
  }

  @Test func anOpenLinkDestinationIsClosed() throws {
    #expect(
      try shown("see [the docs](https://example.com/pa").contains(
        #"<a href="https://example.com/pa">the docs</a>"#))
  }

  @Test func anOpenFenceShowsAsCodeInItsLanguage() throws {
    let html = try shown("```swift\nlet x = 1", openFence: "```")
    // Highlighted, as the block will be once its fence closes.
    #expect(html.contains(#"<code class="language-swift"><span class="k">let</span> x"#))
    #expect(html.hasSuffix("</code></pre>\n"))
  }

  @Test func aPartialUnderlineDoesNotMakeAHeading() throws {
    let dash = try shown("Title\n-")
    let equals = try shown("Title\n==")
    #expect(!dash.contains("<h2>"))
    #expect(!equals.contains("<h1>"))
    #expect(try shown("Title\n-").contains("<p>Title</p>"))
    // A finished underline is a heading: the next line cannot change that.
    #expect(try shown("Title\n--\n").contains("<h2 id=\"user-content-title\">Title</h2>"))
  }

  @Test func theRepairOnlyAppends() {
    for tail in ["Some **bold te", "a `b", "[x](y", "~~z", "plain text", "| a | b |\n| -"] {
      #expect(TailRepair().repaired(tail).hasPrefix(tail), "\(tail)")
    }
  }

  @Test func closedSyntaxIsLeftAlone() {
    for tail in ["**done** and *this*", "`code` here", "[a](b) c", "~~x~~ y"] {
      #expect(TailRepair().repaired(tail) == tail, "\(tail)")
    }
  }
}
