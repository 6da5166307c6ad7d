import Foundation
import RenderKit
import TestSupport
import Testing

/// The public XSS payloads of `../shared/xss` through every engine, both safe configurations
/// (the default, whose gfm profile lets raw HTML through GitHub's allowlist; unsafe with the
/// sanitizer, the same allowlist) and every input kind (Markdown, HTML, pages), each output
/// judged by parsing it as a browser would (``SafeOutputTests/scriptVectors(in:)``). The
/// payloads also stand inside the elements the allowlist keeps open across Markdown:
/// `<details>`, `<picture>` and table cells.
@Suite struct PublicPayloadTests {
  /// The configurations that promise safe output.
  enum Mode: String, CaseIterable, CustomTestStringConvertible {
    case safe, unsafeSanitized
    var testDescription: String { rawValue }
  }

  static let payloads = lines("xss/payloads.jsonl")
  static let urls = lines("xss/urls.jsonl")

  /// The `payload` field of every line of a JSON-lines file in `../shared`.
  private static func lines(_ path: String) -> [String] {
    guard let text = try? String(decoding: SharedFixtures.data(path), as: UTF8.self) else {
      return []
    }
    return text.split(separator: "\n").compactMap { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["payload"] as? String
    }
  }

  /// Every payload as a document of its own; every URL in each place Markdown puts a URL; a
  /// sample of the payloads in link text, titles, alt text, headings (which become page
  /// titles) and beside formulas. Each with whether its page is checked too.
  static let markdownDocuments: [(markdown: String, checksPage: Bool)] = {
    var documents = payloads.enumerated().map { ($1, $0 % 10 == 0) }
    for url in urls {
      documents += [
        ("[x](\(url))", false), ("![x](\(url))", false), ("<\(url)>", false),
        ("[x][r]\n\n[r]: \(url)", false), ("x src=\"![a](\(url))", false),
      ]
    }
    for payload in payloads.enumerated().filter({ $0.offset % 10 == 3 }).map(\.element) {
      let line = payload.replacingOccurrences(of: "\n", with: " ")
      documents += [
        ("# \(line)", true), ("[\(line)](https://example.com \"\(line)\")", false),
        ("![\(line)](https://example.com/x.png)", false), ("```\(line)\nx\n```", false),
        // Beside a formula: engines with a tree write the formula into their own HTML.
        ("A $x^2$ and \(line)\n\n\(payload)\n\n$$y$$", false),
        // Highlighted code: cmark and cmark-gfm write the highlighter's tags into their own HTML.
        ("```html\n\(payload)\n```\n\n```js\n\(payload)\n```", false),
        // Inside the allowlist's own elements, as raw HTML and as Markdown around it.
        ("<details>\n<summary>\(line)</summary>\n\n\(payload)\n\n</details>", true),
        ("<details open><summary>x</summary>\(line)</details>", false),
        ("<picture>\n<source srcset=\"a.png\">\n\(payload)\n</picture>", true),
        ("<picture>\(line)<img src=\"a.png\"></picture>", false),
        ("| a | b |\n| --- | --- |\n| \(line) | <sub>\(line)</sub> |", true),
      ]
    }
    return documents
  }()

  static func renderer(
    engine: String, mode: Mode, isolation: IsolationMode = .inProcess
  ) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = isolation
    // The subject is the output, not its cost: a fixed deadline, since a debug worker lays
    // out a megabyte of payloads slower than the release build the scaled one is set for.
    configuration.limits.deadline = .seconds(60)
    if let cap = SanitizerRun.workerMemoryBytes {
      configuration.limits.maximumWorkerMemoryBytes = cap
    }
    if mode == .unsafeSanitized {
      configuration.options.unsafe = true
      configuration.sanitize = true
    }
    return try Renderer(configuration: configuration)
  }

  /// The script vectors of a page, less the page's own `<meta>` elements.
  static func pageVectors(in page: HTMLPage, ownMetas: Int) throws -> [String] {
    var vectors = try SafeOutputTests.scriptVectors(in: page.html)
    let metas = vectors.filter { $0 == "<meta>" }.count
    vectors.removeAll { $0 == "<meta>" }
    if metas != ownMetas { vectors.append("\(metas - ownMetas) extra <meta>") }
    return vectors
  }

  /// The `<meta>` elements a page has of its own (charset, viewport, colour scheme).
  static func metaCount(in page: HTMLPage) throws -> Int {
    try SafeOutputTests.scriptVectors(in: page.html).filter { $0 == "<meta>" }.count
  }

  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func thePayloadsAreThere() {
    #expect(Self.payloads.count > 6_000)
    #expect(Self.urls.count > 200)
  }

  /// A payload inside the elements GitHub's allowlist keeps open across Markdown, as
  /// `make check-browser` loads it (Tests/BrowserCheck/payloads.py): `<details>` (also as its
  /// summary), `<picture>` and a table cell.
  static func wrapped(_ payload: String) -> [String] {
    let line = payload.replacingOccurrences(of: "\n", with: " ")
    return [
      "<details>\n<summary>\(line)</summary>\n\n\(payload)\n\n</details>",
      "<picture>\n<source srcset=\"a.png\">\n\(payload)\n</picture>",
      "| a | b |\n| --- | --- |\n| \(line.replacingOccurrences(of: "|", with: "\\|")) | <sub>x</sub> |",
    ]
  }

  /// Every payload through the default configuration (cmark-gfm, raw HTML through GitHub's
  /// allowlist) as a page, and inside each of ``wrapped(_:)`` as a fragment and as a page;
  /// every URL in links, an image, an autolink and attribute-like text as a page: all that
  /// `make check-browser` loads in Chromium through the default, judged here without a
  /// browser (the fragments of the payloads and URLs alone are judged by
  /// ``markdownOutputRunsNoScript(engine:mode:)``).
  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func everyPayloadThroughTheDefaultAsFragmentAndPageRunsNoScript() throws {
    let renderer = try Self.renderer(engine: RenderConfiguration().engine, mode: .safe)
    let ownMetas = try Self.metaCount(in: renderer.page(.markdown("")))
    var failures: [String] = []
    var pages = 0
    for payload in Self.payloads {
      for markdown in [payload] + Self.wrapped(payload) {
        if markdown != payload {
          let vectors = try SafeOutputTests.scriptVectors(
            in: renderer.html(.markdown(markdown)).html)
          if !vectors.isEmpty { failures.append("\(markdown.debugDescription) → \(vectors)") }
        }
        let page = try renderer.page(.markdown(markdown), fileName: "x.md")
        let vectors = try Self.pageVectors(in: page, ownMetas: ownMetas)
        if !vectors.isEmpty { failures.append("page \(markdown.debugDescription) → \(vectors)") }
        pages += 1
      }
    }
    for url in Self.urls {
      for markdown in ["[x](\(url)) ![x](\(url)) <\(url)>", "x src=\"![a](\(url))"] {
        let page = try renderer.page(.markdown(markdown), fileName: "x.md")
        let vectors = try Self.pageVectors(in: page, ownMetas: ownMetas)
        if !vectors.isEmpty { failures.append("page \(markdown.debugDescription) → \(vectors)") }
        pages += 1
      }
    }
    #expect(pages == Self.payloads.count * 4 + Self.urls.count * 2)
    #expect(failures.isEmpty, "\(failures.count) outputs: \(failures.prefix(5))")
  }

  @Test(
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: EngineRegistry.builtIn.engineIDs, Mode.allCases)
  func markdownOutputRunsNoScript(engine: String, mode: Mode) throws {
    let renderer = try Self.renderer(engine: engine, mode: mode)
    let ownMetas = try Self.metaCount(in: renderer.page(.markdown("")))
    var failures: [String] = []
    for (markdown, checksPage) in Self.markdownDocuments {
      let html = try renderer.html(.markdown(markdown)).html
      let vectors = try SafeOutputTests.scriptVectors(in: html)
      if !vectors.isEmpty { failures.append("\(markdown.debugDescription) → \(vectors)") }
      guard checksPage else { continue }
      let page = try renderer.page(.markdown(markdown), fileName: "x.md")
      let pageVectors = try Self.pageVectors(in: page, ownMetas: ownMetas)
      if !pageVectors.isEmpty {
        failures.append("page \(markdown.debugDescription) → \(pageVectors)")
      }
    }
    #expect(
      failures.isEmpty, "\(engine), \(mode): \(failures.count) outputs: \(failures.prefix(5))")
  }

  /// The bytes path (``Renderer/html(markdownUTF8:)``: an engine in a worker gets the file's
  /// bytes as they are) gives what the text path gives in process, so every payload above is
  /// judged for it too.
  @Test(
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
    arguments: EngineRegistry.builtIn.engineIDs, Mode.allCases)
  func markdownBytesGiveWhatTheTextGives(engine: String, mode: Mode) throws {
    let text = try Self.renderer(engine: engine, mode: mode)
    let bytes = try Self.renderer(engine: engine, mode: mode, isolation: .process)
    var differing: [String] = []
    for (markdown, _) in Self.markdownDocuments
    where try bytes.html(.markdown(utf8: Data(markdown.utf8))).html
      != text.html(.markdown(markdown)).html
    {
      differing.append(markdown.debugDescription)
    }
    #expect(
      differing.isEmpty, "\(engine), \(mode): \(differing.count) differ: \(differing.prefix(5))")
  }

  @Test(
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing), arguments: Mode.allCases)
  func htmlInputRunsNoScript(mode: Mode) throws {
    let renderer = try Self.renderer(engine: "cmark", mode: mode)
    let ownMetas = try Self.metaCount(in: renderer.page(.markdown("")))
    var failures: [String] = []
    for (index, payload) in Self.payloads.enumerated() {
      let vectors = try SafeOutputTests.scriptVectors(in: renderer.html(.html(payload)).html)
      if !vectors.isEmpty { failures.append("\(payload.debugDescription) → \(vectors)") }
      guard index % 10 == 0 else { continue }
      let page = try renderer.page(.html(payload), fileName: "x.html")
      let pageVectors = try Self.pageVectors(in: page, ownMetas: ownMetas)
      if !pageVectors.isEmpty {
        failures.append("page \(payload.debugDescription) → \(pageVectors)")
      }
    }
    #expect(failures.isEmpty, "\(mode): \(failures.count) outputs: \(failures.prefix(5))")
  }
}
