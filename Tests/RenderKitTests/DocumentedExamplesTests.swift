import Foundation
import RenderBatch
import RenderKit
import RenderPreview
import RenderStream
import TestSupport
import Testing

/// The Swift examples of the README, docs/ and the DocC catalog's articles, run. Each
/// documented block must appear verbatim (line by line, ignoring indentation) in this file, so
/// the documentation cannot drift from code that compiles and passes.
@Suite struct DocumentedExamplesTests {
  let folder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "examples-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }()

  @Test func chooseAnImporter() throws {
    let url = SharedFixtures.fixture("Fixtures/Rules/details.html")
    let document = try HTML5Importer().importDocument(html: "<table>a<tr><td>b</table>")
    let chosen = try ImporterRegistry.builtIn.importer(id: "libxml2")
    let fromFile = try chosen.importDocument(data: Data(contentsOf: url))
    // "a" is foster-parented before the table: the body's first child.
    let body = document.nodes.firstIndex { $0.name == "body" }!
    #expect(document.nodes[document.nodes[body].firstChild!].text == "a")
    #expect(fromFile.textContent(of: fromFile.root).contains("Shown summary"))
  }

  @Test func renderMarkdownWithTheConfiguredEngine() throws {
    let renderer = try Renderer(configuration: .resolve())  // ./render.json, RENDER_ENGINE
    let fragment = try renderer.html(.markdown("# Hello *world*"))
    print(fragment.html)  // <h1 id="user-content-hello-world">Hello <em>world</em></h1>
    #expect(fragment.html == #"<h1 id="user-content-hello-world">Hello <em>world</em></h1>"# + "\n")
  }

  @Test func anyOutputOfAnyInputIsOneJob() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let job = RenderJob(.markdown("# Hi\n\n*Text*."), to: .terminal(TerminalRenderer()))
    let bytes = try renderer.run(job).utf8
    let html = RenderJob(.html(data: Data("<h1>Hi</h1>".utf8)), to: .page())
    let page = try renderer.run(html).page
    let terminal = String(decoding: try #require(bytes), as: UTF8.self)
    #expect(terminal.contains("Hi") && terminal.contains("Text"))
    #expect(page?.title == "Hi")
  }

  @Test func aJobForJSON() async throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let job = RenderJob(.markdown("# One\n\nText."), to: .json)
    let json = try await renderer.run(job).utf8
    let object = try JSONSerialization.jsonObject(with: try #require(json)) as? [String: Any]
    let text = try #require(object?["text"] as? String)
    #expect(text.hasPrefix("One\n") && text.hasSuffix("Text."))
  }

  /// The README example's first line, never called here: it would make the test runner its
  /// own worker. `make check-consumer` runs the whole example as an app's main.swift.
  func mainOfTheREADMEExample() {
    WorkerService.runIfRequested()  // first in main: the app is its own worker
  }

  @Test func renderAndStyleAsTheREADMEShows() throws {
    // ./render.json if present, RENDER_ENGINE, else cmark-gfm
    let renderer = try Renderer(configuration: .resolve())
    let fragment = try renderer.html(.markdown("# Hello *world*"))
    print(fragment.html)  // <h1 id="user-content-hello-world">Hello <em>world</em></h1>
    let styled = try renderer.styledText(.html("<p>Hello <b>world</b></p>"))
    let attributed = AttributedString(styled)
    #expect(fragment.html == #"<h1 id="user-content-hello-world">Hello <em>world</em></h1>"# + "\n")
    #expect(String(attributed.characters) == "Hello world")
  }

  @Test func chooseTheEngineInConfiguration() throws {
    let json = #"{"engine": "discount", "options": {"extensions": ["tables"]}}"#
    let configuration = try RenderConfiguration.parse(Data(json.utf8), source: "render.json")
    let table = try Renderer(configuration: configuration).html(.markdown("| a |\n|---|\n| b |"))
    #expect(table.html.contains("<table>"))
  }

  @Test func writeAPageWithAStylesheet() throws {
    let text = "# Notes\n\nSome *text*."
    let stylesheetPath = folder.appendingPathComponent("site.css").path
    let outputPath = folder.appendingPathComponent("notes.html").path
    try Data("h1 { color: #c00 }".utf8).write(to: URL(fileURLWithPath: stylesheetPath))
    var configuration = RenderConfiguration()
    configuration.stylesheet = stylesheetPath
    let renderer = try Renderer(configuration: configuration)
    let page = try renderer.page(.markdown(text), fileName: "notes.md")
    try page.html.write(toFile: outputPath, atomically: true, encoding: .utf8)
    let written = try String(contentsOfFile: outputPath, encoding: .utf8)
    #expect(written.contains("<title>Notes</title>"))
    #expect(written.contains("h1 { color: #c00 }"))
  }

  @Test func importHTMLIntoAttributedText() throws {
    let renderer = try Renderer()
    let styled = try renderer.styledText(.html("<p>Hello <b>world</b></p>"))
    let attributed = AttributedString(styled)
    #expect(String(attributed.characters) == "Hello world")
    #expect(styled.runs.contains { $0.style.isBold && $0.range == 6..<11 })
  }

  @Test func importHTMLIntoADocument() throws {
    let url = folder.appendingPathComponent("page.html")
    try Data("<p>From <i>file</i></p>".utf8).write(to: url)
    let document = try HTMLImporter().importDocument(html: "<p>Hello <b>world</b></p>")
    let fromFile = try HTMLImporter().importDocument(data: Data(contentsOf: url))
    #expect(document.textContent(of: document.root) == "Hello world")
    #expect(fromFile.textContent(of: fromFile.root) == "From file")
  }

  @Test func containUntrustedInput() throws {
    let untrusted = String(repeating: "> ", count: 70_000) + "deep"
    let registry = try EngineRegistry.builtIn.contained(
      limits: RenderLimits(deadline: .seconds(30)))
    let html = try registry.engine(id: "discount").render(untrusted, options: RenderOptions())
    #expect(html.html.contains("deep"))
  }

  @Test func sanitizeUntrustedHTML() throws {
    let untrustedHTML =
      #"<p onclick="steal()">Hi <script>steal()</script><a href="javascript:x">a</a></p>"#
    let clean = try HTMLSanitizer().sanitize(html: untrustedHTML)
    #expect(clean == "<p>Hi <a>a</a></p>")
  }

  @Test func readFrontMatterAndTheOutline() throws {
    let text = "---\ntitle: Notes\ntags: [a, b]\n---\n# Notes\n"
    let result = try FrontMatterReader().read(text)  // result.metadata["tags"], result.body
    #expect(result.metadata["tags"] == .array([.string("a"), .string("b")]))
    var slugger = HeadingSlugger()
    let slug = slugger.slug(for: "Hello, World!")  // "hello-world"
    #expect(slug == "hello-world")
    let document = try HTMLImporter().importDocument(html: "<h1>Notes</h1><h2>Usage</h2>")
    let outline = Outline(document: document)  // headings with anchors, and the title
    let contents = TableOfContents(outline: outline, levels: 2...3)
    let withContents = outline.applying(to: document, tableOfContents: contents)
    #expect(outline.title == "Notes")
    #expect(contents.entries.map(\.anchor) == ["usage"])
    #expect(withContents.nodes.contains { $0.attribute("href") == "#usage" })
  }

  @Test func appsServeAsTheirOwnWorker() throws {
    // The documented main.swift, compiled but not run here: run, it would make this test
    // runner its own worker. The tools' mains do exactly this.
    let documentedMain: @Sendable () throws -> Renderer = {
      WorkerService.runIfRequested()  // in a worker: serves, then exits; else returns at once
      let renderer = try Renderer(configuration: .resolve())
      return renderer
    }
    _ = documentedMain
    for tool in ["render", "renderbench"] {
      let main = try String(
        contentsOf: SharedFixtures.packageRoot.appendingPathComponent("Sources/\(tool)/main.swift"),
        encoding: .utf8)
      #expect(main.contains("\nWorkerService.runIfRequested("), "\(tool)")
    }
  }

  @Test func followALiveDocument() async throws {
    let documentPath = folder.appendingPathComponent("live.md").path
    let stylesheetPath = folder.appendingPathComponent("live.css").path
    try Data("# Draft".utf8).write(to: URL(fileURLWithPath: documentPath))
    try Data("h1 { color: #c00 }".utf8).write(to: URL(fileURLWithPath: stylesheetPath))
    var shown: [String] = []
    let show = { (html: String, _: StyledText) in shown.append(html) }
    var configuration = RenderConfiguration()
    configuration.stylesheet = stylesheetPath  // watched too; or stylesheetCSS = "…" for fixed CSS
    let document = try LiveDocument(path: documentPath, configuration: configuration)
    // A bound for a broken run, not a speed assertion.
    let bound = Task { [document] in
      try await Task.sleep(for: .seconds(10))
      document.stop()
    }
    for await rendering in document.renderings() {  // the current rendering, then one per save
      switch rendering {
      case .success(let rendering): show(rendering.page.html, rendering.styledText)
      case .failure(let error): print(error.description)  // e.g. the file was deleted
      }
      if shown.count == 1 { try Data("# Saved".utf8).write(to: URL(fileURLWithPath: documentPath)) }
      if shown.count == 2 { document.stop() }
    }
    bound.cancel()
    #expect(shown.count == 2)
    #expect(shown.first?.contains(#"<h1 id="user-content-draft">Draft</h1>"#) == true)
    #expect(shown.last?.contains(#"<h1 id="user-content-saved">Saved</h1>"#) == true)
  }

  @Test func streamAnAnswerAsItArrives() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let stream = MarkdownStream(
      renderer: renderer, rendering: HTMLBlockRendering(renderer: renderer))
    var view = StreamedDocument<String>()
    for chunk in ["# Ans", "wer\n\nSome *emph", "asis* and `co", "de`.\n"] {
      view.apply(try stream.feed(Array(chunk.utf8)))  // show view.outputs, then view.tail
    }
    view.apply(try stream.finish())
    let html = view.outputs.joined()  // the one-shot fragment, byte for byte
    let whole = "# Answer\n\nSome *emphasis* and `code`.\n"
    #expect(html == (try renderer.html(.markdown(whole)).html))
  }

  @Test func renderABatchOfRecords() async throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    let lines = [##"{"id": "a", "markdown": "# Hi"}"##, #"{"id": "b", "html": "<p>x</p>"}"#]
    let records = Data(lines.map { $0 + "\n" }.joined().utf8)
    let batch = try BatchRenderer(configuration: configuration, outputs: [.fragment, .title])
    var answers: [String] = []
    for try await result in batch.results(
      forLines: BatchLines(data: records, maximumLineBytes: 1 << 20), parallelism: 2)
    {
      answers.append(String(decoding: result.jsonLine, as: UTF8.self))  // in input order
    }
    #expect(answers.count == 2)
    #expect(answers.first?.hasPrefix(#"{"id":"a","line":1,"ok":true"#) == true, "\(answers)")
    #expect(answers.first?.contains(#">Hi</h1>\n""#) == true, "\(answers)")
    #expect(answers.last?.hasPrefix(#"{"id":"b","line":2,"ok":true"#) == true, "\(answers)")
  }

  @Test func mathInEveryOutput() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let html = try renderer.html(.markdown(#"Euler: $e^{i\pi} + 1 = 0$"#)).html
    // <p>Euler: <math alttext="e^(iπ) + 1 = 0"><msup><mi>e</mi>…</math></p>
    let text = try renderer.styledText(.markdown(#"Euler: $e^{i\pi} + 1 = 0$"#)).string
    // Euler: e^(iπ) + 1 = 0
    #expect(html.hasPrefix(#"<p>Euler: <math alttext="e^(iπ) + 1 = 0"><msup><mi>e</mi>"#))
    #expect(html.hasSuffix("</math></p>\n"))
    #expect(text == "Euler: e^(iπ) + 1 = 0")
  }

  @Test func highlightFencedCode() throws {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    let code = try renderer.html(.markdown("~~~swift\nlet x = 1 // one\n~~~\n")).html
    // <pre><code class="language-swift"><span class="k">let</span> x <span class="o">=</span> …
    #expect(
      code.hasPrefix(
        #"<pre><code class="language-swift"><span class="k">let</span> x <span class="o">=</span> "#
      ), "\(code)")
  }

  /// The README stays a front page: at most 15 KB, the two commands a newcomer runs first.
  @Test func readmeIsAFrontPage() throws {
    let readme = try String(
      contentsOf: SharedFixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.utf8.count <= 15_000, "README.md is \(readme.utf8.count) bytes")
    let sections = readme.components(separatedBy: "\n## ").dropFirst()
    let first = try #require(sections.first)
    #expect(first.hasPrefix("The two commands"), "the first section is not the two commands")
    #expect(first.contains("make test") && first.contains("make bench"))
  }

  @Test(
    arguments: [
      "README.md", "docs/API.md", "docs/outline.md", "docs/html-import.md", "docs/security.md",
      "Sources/RenderKit/RenderKit.docc/GettingStarted.md",
      "Sources/RenderKit/RenderKit.docc/ChoosingAnEngine.md",
      "Sources/RenderKit/RenderKit.docc/ImportingHTML.md",
      "Sources/RenderKit/RenderKit.docc/PreviewAndLiveDocuments.md",
      "Sources/RenderKit/RenderKit.docc/SecurityAndLimits.md",
      "Sources/RenderKit/RenderKit.docc/StyledTextAndAttributedString.md",
      "Sources/RenderKit/RenderKit.docc/StreamingMarkdown.md",
      "Sources/RenderKit/RenderKit.docc/BatchRendering.md",
      "Sources/RenderKit/RenderKit.docc/Math.md",
      "Sources/RenderKit/RenderKit.docc/Highlighting.md",
    ])
  func everyDocumentedSwiftBlockIsHere(_ document: String) throws {
    let url = SharedFixtures.packageRoot.appendingPathComponent(document)
    let text = try String(contentsOf: url, encoding: .utf8)
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    #expect(!blocks.isEmpty, "\(document) has no Swift example")
    let documented = blocks.flatMap { $0.split(separator: "\n") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let missing = documented.filter {
      !$0.isEmpty && !$0.hasPrefix("import ") && !lines.contains($0)
    }
    #expect(missing == [], "\(document) shows code that no test runs")
  }
}
