import Foundation
import RenderKit
import TestSupport
import Testing

/// Raw HTML in the `gfm` profile as GitHub keeps it: GitHub's allowlist, read from its own
/// source (`../shared/reference/html-pipeline/sanitization_filter.rb`), through every engine,
/// contained and in-process, and every output; the features' own markup kept; heading anchors
/// that in-page links land on.
@Suite struct AllowedHTMLTests {
  /// GitHub's allowlist as its Ruby source states it: the elements, and the attributes every
  /// element may have.
  struct GitHubAllowlist {
    var elements: [String] = []
    var globalAttributes: [String] = []

    init?() {
      guard
        let data = try? SharedFixtures.data("reference/html-pipeline/sanitization_filter.rb")
      else { return nil }
      let source = String(decoding: data, as: UTF8.self)
      func quoted(_ text: Substring) -> [String] {
        text.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
          String($0.element)
        }
      }
      guard let elementsStart = source.range(of: "elements: ["),
        let elementsEnd = source[elementsStart.upperBound...].range(of: "]"),
        let allStart = source.range(of: "all: ["),
        let allEnd = source[allStart.upperBound...].range(of: "]")
      else { return nil }
      elements = quoted(source[elementsStart.upperBound..<elementsEnd.lowerBound])
      globalAttributes = quoted(source[allStart.upperBound..<allEnd.lowerBound])
    }
  }

  static let allowlist = GitHubAllowlist()

  static func renderer(
    engine: String = "cmark-gfm", isolation: IsolationMode = .inProcess,
    configure: (inout RenderConfiguration) -> Void = { _ in }
  ) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = isolation
    configure(&configuration)
    return try Renderer(configuration: configuration)
  }

  static func html(_ markdown: String, engine: String = "cmark-gfm") throws -> String {
    try renderer(engine: engine).html(.markdown(markdown)).html
  }

  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func theAllowlistIsRead() throws {
    let allowlist = try #require(Self.allowlist)
    #expect(allowlist.elements.count > 60)
    #expect(allowlist.globalAttributes.contains("align"))
  }

  /// Every element GitHub keeps is kept, with every attribute it keeps on every element.
  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func everyElementAndGlobalAttributeGitHubKeepsIsKept() throws {
    let allowlist = try #require(Self.allowlist)
    let renderer = try Self.renderer()
    let voids: Set = ["br", "hr", "img", "source", "wbr"]
    var missing: [String] = []
    for element in allowlist.elements {
      let tag = voids.contains(element) ? "<\(element)>" : "<\(element)>t</\(element)>"
      let html = try renderer.html(.markdown("x \(tag) y")).html
      if !html.contains("<\(element)") { missing.append("element \(element): \(html)") }
    }
    for attribute in allowlist.globalAttributes {
      let html = try renderer.html(.markdown("x <span \(attribute)=\"v\">t</span>")).html
      if !html.contains(" \(attribute)=") { missing.append("attribute \(attribute): \(html)") }
    }
    #expect(missing.isEmpty, "\(missing)")
  }

  /// What GitHub removes goes, keeping its text, except where GitHub drops the content too.
  @Test(arguments: [
    ("<font color=red>kept</font>", "kept", "<font"),
    ("<form action=\"/x\"><button>kept</button></form>", "kept", "<form"),
    ("<center>kept</center>", "kept", "<center"),
    ("<span style=\"color:red\" class=\"x\" onclick=\"f()\">kept</span>", "kept", "style="),
    ("<span class=\"x\">kept</span>", "kept", "class="),
    ("<span onclick=\"f()\">kept</span>", "kept", "onclick"),
    ("<input type=\"text\" value=\"v\"> kept", "kept", "<input"),
    ("<section>kept</section>", "kept", "<section"),
    ("<script>gone()</script>kept", "kept", "gone"),
    ("<style>p { gone: 1 }</style>kept", "kept", "gone"),
    ("<iframe src=\"https://example.com\">gone</iframe>kept", "kept", "gone"),
    ("<svg><circle/>gone</svg>kept", "kept", "gone"),
    ("<!-- gone -->kept", "kept", "gone"),
    ("<textarea>gone</textarea>kept", "kept", "gone"),
  ])
  func removedElementsKeepTheirTextWhereGitHubKeepsIt(
    markdown: String, kept: String, gone: String
  ) throws {
    for engine in EngineRegistry.builtIn.engineIDs {
      let html = try Self.html("x \(markdown) y", engine: engine)
      #expect(html.contains(kept), "\(engine): \(html)")
      // Discount's document is its HTML imported whole, where raw HTML cannot be told from the
      // engine's own markup: the elements engines write for footnotes and task lists stay.
      if engine == "discount" && (gone == "<section" || gone == "<input") { continue }
      #expect(!html.contains(gone), "\(engine): \(html)")
    }
  }

  /// URL attributes keep only the schemes GitHub lets through.
  @Test(arguments: [
    ("<a href=\"https://example.com\">t</a>", true),
    ("<a href=\"http://example.com\">t</a>", true),
    ("<a href=\"mailto:a@example.com\">t</a>", true),
    ("<a href=\"relative/path\">t</a>", true),
    ("<a href=\"#section\">t</a>", true),
    ("<a href=\"javascript:alert(1)\">t</a>", false),
    ("<a href=\"JaVaScRiPt&#58;alert(1)\">t</a>", false),
    ("<a href=\"vbscript:x\">t</a>", false),
    ("<a href=\"data:text/html,x\">t</a>", false),
    ("<img src=\"https://example.com/a.png\">", true),
    ("<img src=\"a.png\">", true),
    ("<img src=\"javascript:alert(1)\">", false),
    ("<img src=\"data:image/png;base64,AA==\">", false),
    ("<img src=\"ftp://example.com/a.png\">", false),
    ("<q cite=\"https://example.com\">t</q>", true),
    ("<q cite=\"javascript:x\">t</q>", false),
    ("<picture><source srcset=\"a.png 1x, https://e.com/b.png 2x\"></picture>", true),
    ("<picture><source srcset=\"a.png 1x, javascript:x 2x\"></picture>", false),
  ])
  func urlSchemesAreGitHubs(markdown: String, isKept: Bool) throws {
    let attribute =
      markdown.contains("srcset")
      ? "srcset" : markdown.contains("<a") ? "href" : markdown.contains("<q") ? "cite" : "src"
    for engine in EngineRegistry.builtIn.engineIDs {
      let html = try Self.html(markdown, engine: engine)
      #expect(html.contains(" \(attribute)=") == isKept, "\(engine): \(html)")
    }
  }

  /// The HTML READMEs lean on, as the issue lists it, through every engine, in process and
  /// contained.
  @Test(arguments: EngineRegistry.builtIn.engineIDs, [IsolationMode.inProcess, .process])
  func readmeHTMLIsKept(engine: String, isolation: IsolationMode) throws {
    let markdown = """
      <p align="center"><img src="logo.png" width="120" height="40" alt="Logo"></p>

      <picture>
        <source media="(prefers-color-scheme: dark)" srcset="dark.png">
        <img src="light.png">
      </picture>

      <details open>
      <summary>More</summary>

      Body *text*

      </details>

      H<sub>2</sub>O x<sup>2</sup> <kbd>Ctrl</kbd> <ins>new</ins> <del>old</del><br>
      <a name="top">top</a>

      """
    let html = try Self.renderer(engine: engine, isolation: isolation).html(.markdown(markdown))
      .html
    for expected in [
      "<p align=\"center\">", "width=\"120\"", "height=\"40\"", "<picture>",
      "media=\"(prefers-color-scheme: dark)\"", "srcset=\"dark.png\"", "<details open=\"\">",
      "<summary>More</summary>", "<sub>2</sub>", "<sup>2</sup>", "<kbd>Ctrl</kbd>",
      "<ins>new</ins>", "<del>old</del>", "<br", "<a name=\"user-content-top\">",
    ] {
      #expect(html.contains(expected), "\(engine) \(isolation): \(expected) in \(html)")
    }
    // The Markdown between the tags is inside the details element.
    let details = try #require(html.range(of: "<details"))
    let body = try #require(html.range(of: "<em>text</em>"))
    let end = try #require(html.range(of: "</details>"))
    #expect(details.lowerBound < body.lowerBound && body.upperBound < end.lowerBound)
  }

  /// Every output shows the allowed HTML: styled text lowers a subscript and raises a
  /// superscript, text and the terminal keep the summary.
  @Test(arguments: EngineRegistry.builtIn.engineIDs, [IsolationMode.inProcess, .process])
  func everyOutputShowsTheAllowedHTML(engine: String, isolation: IsolationMode) throws {
    let renderer = try Self.renderer(engine: engine, isolation: isolation)
    let markdown =
      "H<sub>2</sub>O x<sup>3</sup>\n\n<details>\n<summary>Sum</summary>\n\nBody\n\n</details>\n"
    let styled = try renderer.styledText(.markdown(markdown))
    let string = styled.string
    let two = try #require(string.firstIndex(of: "2"))
    let three = try #require(string.firstIndex(of: "3"))
    func offset(at index: String.Index) -> Double? {
      let position = string.utf16.distance(from: string.startIndex, to: index)
      return styled.runs.first { $0.range.contains(position) }?.style.baselineOffset
    }
    #expect((offset(at: two) ?? 0) < 0, "\(engine): H2O's 2 is not lowered")
    #expect((offset(at: three) ?? 0) > 0, "\(engine): x3's 3 is not raised")
    #expect(string.contains("Sum"))
    for output in [RenderJob.Output.plainText, .json, .terminal(TerminalRenderer())] {
      let bytes = try #require(renderer.run(RenderJob(.markdown(markdown), to: output)).utf8)
      #expect(String(decoding: bytes, as: UTF8.self).contains("Sum"), "\(engine) \(output)")
    }
    let page = try renderer.page(.markdown(markdown), fileName: "x.md").html
    #expect(page.contains("<summary>Sum</summary>") && page.contains("<sub>2</sub>"))
  }

  /// The features' own markup survives beside raw HTML (which is what sends a document
  /// through the allowlist): task checkboxes, footnotes with prefixed ids their links point
  /// at, alerts, MathML and highlighted code's classes.
  @Test(arguments: EngineRegistry.builtIn.engineIDs)
  func featuresKeepTheirMarkup(engine: String) throws {
    let markdown = """
      <kbd>raw</kbd>

      - [x] done
      - [ ] open

      > [!NOTE]
      > Careful.

      $x^2$

      ```swift
      let x = 1
      ```

      Note[^1]

      [^1]: The note.

      """
    let html = try Self.html(markdown, engine: engine)
    // Task lists as each engine that has them writes them (Discount: a glyph).
    let task = ["cmark-gfm": "type=\"checkbox\"", "md4c": "type=\"checkbox\"", "discount": "☑"]
    if let task = task[engine] { #expect(html.contains(task), "\(engine): \(html)") }
    #expect(html.contains("markdown-alert"), "\(engine): \(html)")
    #expect(html.contains("<math"), "\(engine): \(html)")
    #expect(html.contains("<span class=\"k\">let</span>"), "\(engine): \(html)")
    #expect(Self.danglingFragments(in: html).isEmpty, "\(engine): \(html)")
    if engine != "cmark" && engine != "md4c" {
      #expect(html.contains("id=\"user-content-fn"), "\(engine): \(html)")
    }
  }

  /// In-page links land: every `href="#x"` names an id or name in the same HTML.
  static func danglingFragments(in html: String) -> [String] {
    var targets: Set<String> = []
    var links: [String] = []
    for pattern in [##" (?:id|name)="([^"]*)""##, ##" href="#([^"]*)""##] {
      let regex = try! NSRegularExpression(pattern: pattern)
      for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
        let value = String(html[Range(match.range(at: 1), in: html)!])
        if pattern.contains("href") { links.append(value) } else { targets.insert(value) }
      }
    }
    return links.filter {
      !targets.contains($0) && !targets.contains($0.removingPercentEncoding ?? $0)
    }
  }

  /// Heading anchors are on in `gfm`, as GitHub writes them, and in-page links land on them
  /// without script; off in `commonmark` and with `--no-extension headingAnchors`.
  @Test(arguments: EngineRegistry.builtIn.engineIDs)
  func headingAnchorsAreOnInGFM(engine: String) throws {
    let markdown =
      "# Installation\n\nSee [install](#installation) and [raw](#top).\n\n<a name=\"top\"></a>\n"
    let html = try Self.html(markdown, engine: engine)
    #expect(html.contains("id=\"user-content-installation\""), "\(engine): \(html)")
    #expect(html.contains("href=\"#user-content-installation\""), "\(engine): \(html)")
    #expect(html.contains("href=\"#user-content-top\""), "\(engine): \(html)")
    #expect(Self.danglingFragments(in: html).isEmpty)
    let strict = try Self.renderer(engine: engine) { $0.profile = .commonMark }
      .html(.markdown(markdown)).html
    #expect(!strict.contains(" id="), "\(engine): \(strict)")
    #expect(!strict.contains("<a name"), "\(engine): commonmark keeps raw HTML: \(strict)")
    let off = try Self.renderer(engine: engine) { $0.disabledExtensions = [.headingAnchors] }
      .html(.markdown(markdown)).html
    #expect(!off.contains("<h1 id="), "\(engine): \(off)")
  }

  /// Every in-page link points at the prefixed id, whether its target comes before it, after
  /// it or not at all (a streamed block renders it before its target arrives); a link
  /// already prefixed and an empty `#` are left as written.
  @Test func everyInPageLinkIsPrefixedWhateverFollows() throws {
    let html = try Self.html(
      "[a](#later) [b](#missing) [c](#user-content-later) [d](#)\n\n# Later\n\n[e](#later)\n")
    #expect(html.contains("<a href=\"#user-content-later\">a</a>"), "\(html)")
    #expect(html.contains("<a href=\"#user-content-missing\">b</a>"), "\(html)")
    #expect(html.contains("<a href=\"#user-content-later\">c</a>"), "\(html)")
    #expect(html.contains("<a href=\"#\">d</a>"), "\(html)")
    #expect(html.contains("<a href=\"#user-content-later\">e</a>"), "\(html)")
    #expect(html.contains("id=\"user-content-later\""), "\(html)")
  }

  /// `--unsafe` is trusted input: everything passes; `--unsafe --sanitize` is the allowlist.
  @Test(arguments: EngineRegistry.builtIn.engineIDs)
  func unsafeIsTrustedAndSanitizeIsTheAllowlist(engine: String) throws {
    let markdown = "x <span class=\"c\" onclick=\"f()\">t</span> <sub>2</sub>\n\n- [x] done\n"
    let trusted = try Self.renderer(engine: engine) { $0.options.unsafe = true }
      .html(.markdown(markdown)).html
    #expect(trusted.contains("onclick"), "\(engine): \(trusted)")
    let sanitized = try Self.renderer(engine: engine) {
      $0.options.unsafe = true
      $0.sanitize = true
    }
    .html(.markdown(markdown)).html
    let allowlisted = try Self.html(markdown, engine: engine)
    #expect(sanitized == allowlisted, "\(engine): \(sanitized) vs \(allowlisted)")
    #expect(!sanitized.contains("onclick") && sanitized.contains("<sub>2</sub>"))
    if engine == "cmark-gfm" || engine == "md4c" {
      #expect(sanitized.contains("checkbox"), "\(engine): \(sanitized)")
    }
  }
}
