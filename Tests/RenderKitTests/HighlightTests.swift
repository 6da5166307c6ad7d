import Foundation
import RenderKit
import TestSupport
import Testing

/// Fenced code highlighted by `HighlightPass`: one README-like fixture
/// (`Fixtures/Highlight/readme.md`) to the page, styled text and the terminal, each against
/// a golden, and each run coloured as the stylesheet colours its class; hostile code in
/// fences; and the extension turned off.
@Suite struct HighlightTests {
  static let fixture = SharedFixtures.fixture("Fixtures/Highlight/readme.md")

  static func markdown() throws -> String {
    try String(contentsOf: fixture, encoding: .utf8)
  }

  static func renderer(_ change: (inout RenderConfiguration) -> Void = { _ in }) throws
    -> Renderer
  {
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    change(&configuration)
    return try Renderer(configuration: configuration)
  }

  static let terminal = TerminalRenderer(width: 120, colorMode: .trueColor, hyperlinks: false)

  /// Compares `output` with `Fixtures/Highlight/<name>` (escape written `␛`, so that it can
  /// be read); `RENDER_UPDATE_GOLDENS=1` rewrites it, for a review of the diff by eye.
  static func checkGolden(
    _ output: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = SharedFixtures.fixture("Fixtures/Highlight/\(name)")
    let readable = output.replacingOccurrences(of: "\u{1B}", with: "\u{241B}")
    if ProcessInfo.processInfo.environment["RENDER_UPDATE_GOLDENS"] == "1" {
      try readable.write(to: url, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(readable == expected, "differs from \(name)", sourceLocation: sourceLocation)
  }

  // MARK: Goldens

  @Test func everyOutputMatchesItsGolden() throws {
    let renderer = try Self.renderer()
    let markdown = try Self.markdown()
    try Self.checkGolden(try renderer.html(.markdown(markdown)).html, named: "readme.html")
    let json = try #require(try renderer.run(RenderJob(.markdown(markdown), to: .json)).utf8)
    try Self.checkGolden(String(decoding: json, as: UTF8.self), named: "readme.json")
    let terminal = try #require(
      try renderer.run(RenderJob(.markdown(markdown), to: .terminal(Self.terminal))).utf8)
    try Self.checkGolden(String(decoding: terminal, as: UTF8.self), named: "readme.terminal.txt")
  }

  /// With the extension off, each output is what it was before highlighting existed: the
  /// goldens `*.off.*` are the render command's output built before it (the JSON without the
  /// newline the command ends it with), before the gfm profile had anchors and raw HTML too.
  @Test func highlightingOffGivesTheOutputOfBefore() throws {
    let renderer = try Self.renderer {
      $0.disabledExtensions.formUnion([.highlight, .headingAnchors, .allowedHTML])
    }
    #expect(!renderer.options.extensions.contains(.highlight))
    let markdown = try Self.markdown()
    let fragment = try renderer.html(.markdown(markdown)).html
    #expect(fragment == (try renderer.engine.render(markdown, options: renderer.options).html))
    try Self.checkGolden(fragment, named: "readme.off.html")
    let json = try #require(try renderer.run(RenderJob(.markdown(markdown), to: .json)).utf8)
    try Self.checkGolden(String(decoding: json, as: UTF8.self), named: "readme.off.json")
    let terminal = try #require(
      try renderer.run(RenderJob(.markdown(markdown), to: .terminal(Self.terminal))).utf8)
    try Self.checkGolden(
      String(decoding: terminal, as: UTF8.self), named: "readme.off.terminal.txt")
  }

  // MARK: One theme, every output

  /// A classed run of a highlighted block: where it is in the block's text (Unicode scalars,
  /// newlines as in the code) and the colour the stylesheet gives it.
  struct ClassedRun {
    let cssClass: String
    let start: Int
    let length: Int
    let color: CSSColor
  }

  /// The highlighted blocks of the document as the page has them: each block's text and its
  /// classed runs, coloured by the cascade of the renderer's stylesheet.
  static func classedBlocks(
    of document: Document, stylesheet: Stylesheet
  ) throws -> [(text: [Unicode.Scalar], runs: [ClassedRun])] {
    let styles = try stylesheet.cascade(document, colorScheme: .light)
    var blocks: [(text: [Unicode.Scalar], runs: [ClassedRun])] = []
    for id in document.nodes.indices where document.nodes[id].name == "code" {
      let children = document.children(of: id)
      guard children.contains(where: { document.nodes[$0].name == "span" }) else { continue }
      var text: [Unicode.Scalar] = []
      var runs: [ClassedRun] = []
      for child in children {
        let scalars = Array(document.textContent(of: child).unicodeScalars)
        if document.nodes[child].name == "span" {
          runs.append(
            ClassedRun(
              cssClass: try #require(document.nodes[child].attribute("class")), start: text.count,
              length: scalars.count, color: try #require(styles[child].color)))
        }
        text += scalars
      }
      blocks.append((text, runs))
    }
    return blocks
  }

  /// The first index at or after `from` where `needle` occurs in `haystack`.
  static func index(
    of needle: some Collection<Unicode.Scalar>, in haystack: [Unicode.Scalar], from: Int
  ) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    let first = needle.first!
    var position = from
    while position + needle.count <= haystack.count {
      if haystack[position] == first,
        haystack[position..<position + needle.count].elementsEqual(needle)
      {
        return position
      }
      position += 1
    }
    return nil
  }

  @Test func thePageClassesEveryRunWithTheOneVocabulary() throws {
    let renderer = try Self.renderer()
    let document = try renderer.document(.markdown(try Self.markdown()))
    let blocks = try Self.classedBlocks(of: document, stylesheet: renderer.stylesheet)
    #expect(blocks.count == 5)  // swift, python, sh, json, diff; not the unknown language
    let vocabulary = Set(TokenClass.allCases.compactMap(\.cssClass))
    let used = Set(blocks.flatMap { $0.runs.map(\.cssClass) })
    #expect(used.isSubset(of: vocabulary))
    for needed in ["k", "s", "c", "m", "nf", "nc", "nv", "nt", "gi", "gd", "gh", "gu"] {
      #expect(used.contains(needed), "no run classed \(needed)")
    }
    let page = try renderer.page(.markdown(try Self.markdown())).html
    #expect(page.contains("pre code .k"))  // the stylesheet the page embeds colours them
  }

  @Test func styledTextColoursEachRunAsTheStylesheetColoursItsClass() throws {
    let renderer = try Self.renderer()
    let markdown = try Self.markdown()
    let blocks = try Self.classedBlocks(
      of: try renderer.document(.markdown(markdown)), stylesheet: renderer.stylesheet)
    let styled = try renderer.styledText(.markdown(markdown))
    let string = Array(styled.string.unicodeScalars)
    var colors: [CSSColor?] = Array(repeating: nil, count: string.count)
    for run in styled.runs {
      for offset in run.range { colors[offset] = run.style.foregroundColor }
    }
    var cursor = 0
    var checked = 0
    for block in blocks {
      // Styled text ends a code block without its last newline, and breaks its lines with
      // U+2028 LINE SEPARATOR.
      let text = block.text.dropLast().map { $0 == "\n" ? "\u{2028}" : $0 }
      let start = try #require(Self.index(of: text, in: string, from: cursor))
      for run in block.runs {
        for offset in run.start..<min(run.start + run.length, text.count)
        where !text[offset].properties.isWhitespace {
          #expect(colors[start + offset] == run.color, "\(run.cssClass) at \(offset)")
          checked += 1
        }
      }
      cursor = start + text.count
    }
    #expect(checked > 200)
  }

  /// Foreground colours of the visible scalars of true-colour terminal output.
  static func terminalColors(_ output: String) -> (text: [Unicode.Scalar], colors: [CSSColor?]) {
    var text: [Unicode.Scalar] = []
    var colors: [CSSColor?] = []
    var current: CSSColor?
    var scalars = output.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        text.append(scalar)
        colors.append(current)
        continue
      }
      guard scalars.next() == "[" else { continue }
      var parameters = ""
      while let next = scalars.next(), next != "m" { parameters.unicodeScalars.append(next) }
      let numbers = parameters.split(separator: ";").compactMap { Int($0) }
      var index = 0
      while index < numbers.count {
        switch numbers[index] {
        case 0, 39: current = nil
        case 38 where index + 4 < numbers.count && numbers[index + 1] == 2:
          current = CSSColor(
            red: UInt8(numbers[index + 2]), green: UInt8(numbers[index + 3]),
            blue: UInt8(numbers[index + 4]))
          index += 4
        case 48 where index + 1 < numbers.count && numbers[index + 1] == 2: index += 4
        default: break
        }
        index += 1
      }
      if parameters.isEmpty { current = nil }
    }
    return (text, colors)
  }

  @Test func theTerminalColoursEachRunAsTheStylesheetColoursItsClass() throws {
    let renderer = try Self.renderer()
    let markdown = try Self.markdown()
    let document = try renderer.document(.markdown(markdown))
    let blocks = try Self.classedBlocks(of: document, stylesheet: renderer.stylesheet)
    let bodyColor = try renderer.stylesheet.cascade(document, colorScheme: .light)[
      document.nodes.indices.first { document.nodes[$0].name == "p" }!
    ].color
    let output = try #require(
      try renderer.run(RenderJob(.markdown(markdown), to: .terminal(Self.terminal))).utf8)
    let (text, colors) = Self.terminalColors(String(decoding: output, as: UTF8.self))
    var cursor = 0
    var checked = 0
    for block in blocks {
      // The terminal lays each line of code out on a line of its own, indented and padded.
      var lineStart = 0
      for line in block.text.split(separator: "\n", omittingEmptySubsequences: false) {
        defer { lineStart += line.count + 1 }
        guard !line.isEmpty else { continue }
        let found = try #require(Self.index(of: line, in: text, from: cursor))
        for run in block.runs {
          let lineRange = lineStart..<(lineStart + line.count)
          for offset in run.start..<(run.start + run.length)
          where lineRange.contains(offset) && !block.text[offset].properties.isWhitespace {
            let color = colors[found + offset - lineStart]
            // The terminal leaves the text's own colour to the terminal's default.
            let expected = run.color == bodyColor ? [run.color, nil] : [run.color]
            #expect(
              expected.contains(color), "\(run.cssClass) at \(offset): \(String(describing: color))"
            )
            checked += 1
          }
        }
        cursor = found + line.count
      }
    }
    #expect(checked > 200)
  }

  @Test func aUserStylesheetRestylesTheClasses() throws {
    let renderer = try Self.renderer {
      $0.stylesheetCSS = "pre code .k { color: #00ff00; }"
    }
    let styled = try renderer.styledText(.markdown("```swift\nlet x = 1\n```\n"))
    let keyword = try #require(styled.runs.first)
    #expect(keyword.range == 0..<3)
    #expect(keyword.style.foregroundColor == CSSColor(red: 0, green: 255, blue: 0))
  }

  // MARK: What stays plain

  @Test(arguments: ["cmark-gfm", "cmark", "discount", "md4c"])
  func anUnknownLanguageStaysPlain(engine: String) throws {
    let renderer = try Self.renderer { $0.engine = engine }
    let html = try renderer.html(.markdown("```brainfudge\n<b>x</b> if\n```\n")).html
    #expect(!html.contains("<span") && html.contains("&lt;b&gt;x&lt;/b&gt; if"))
    let known = try renderer.html(.markdown("```js\nif (x) {}\n```\n")).html
    #expect(known.contains("<span class=\"k\">if</span>"))
  }

  @Test func aDocumentWithoutAFenceKeepsTheEnginesOwnHTML() throws {
    let renderer = try Self.renderer()
    let markdown = "Title\n\n    indented code\n\nText with `code`.\n"
    #expect(renderer.options.extensions.contains(.highlight))
    let own = try renderer.engine.render(markdown, options: renderer.options).html
    #expect(try renderer.html(.markdown(markdown)).html == own)
  }

  @Test func theCommonMarkProfileLeavesCodeAlone() throws {
    let renderer = try Self.renderer { $0.profile = .commonMark }
    #expect(!(try renderer.html(.markdown("```js\nif (x) {}\n```\n")).html.contains("<span")))
  }

  @Test func everyDocumentExtensionHasItsFeature() {
    #expect(Set(DocumentExtension.all.map(\.feature)) == RenderFeature.documentExtensions)
    #expect(
      MarkdownProfile.gfm.extensions.isSuperset(of: [
        .math, .alerts, .highlight, .headingAnchors, .allowedHTML,
      ]))
  }

  // MARK: Hostile code

  /// Code the highlighter finds hard: nested calls, a long line, unclosed strings and
  /// comments, many lines; each must come back whole and in bounded time.
  static let pathologicalCode: [String] = [
    String(repeating: "a(b(", count: 120) + "\n",
    String(repeating: "a(b(", count: 400) + "\n",
    String(repeating: "\"unclosed ", count: 2_000) + "\n",
    String(repeating: "/* open\n", count: 5_000),
    String(repeating: "x = '\\'' + \"\\\"\" + `${`${`", count: 50) + "\n",
    String(repeating: "<a href=\"", count: 300) + "\n",
    String(repeating: "if (a) { b(); }\n", count: 10_000),
  ]

  @Test(arguments: ["js", "html"])
  func pathologicalCodeStaysBoundedAndWhole(language: String) throws {
    let renderer = try Self.renderer()
    let clock = ContinuousClock()
    for code in Self.pathologicalCode {
      let started = clock.now
      let document = try renderer.document(.markdown("```\(language)\n\(code)```\n"))
      #expect(clock.now - started < .seconds(5))
      let pre = try #require(document.nodes.indices.first { document.nodes[$0].name == "pre" })
      #expect(document.textContent(of: pre) == code)
    }
  }

  static let payloads: [String] = {
    guard let data = try? SharedFixtures.data("xss/payloads.jsonl") else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["payload"] as? String
    }
  }()

  @Test(
    .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing), arguments: ["js", "html"])
  func payloadsInFencesMakeNoMarkup(language: String) throws {
    let renderer = try Self.renderer()
    #expect(Self.payloads.count > 6_000)
    // A hundred payloads a block: every payload, in far fewer renders.
    var highlighted = 0
    for start in stride(from: 0, to: Self.payloads.count, by: 100) {
      let code = Self.payloads[start..<min(start + 100, Self.payloads.count)]
        .map { $0.replacingOccurrences(of: "```", with: "'''") }.joined(separator: "\n")
      let html = try renderer.html(.markdown("```\(language)\n\(code)\n```\n")).html
      if html.contains("<span") { highlighted += 1 }
      #expect(!html.lowercased().contains("<script"))
      #expect(try SafeOutputTests.scriptVectors(in: html) == [], "block at \(start)")
    }
    // Most blocks are highlighted; those with a line past the limit are left plain.
    #expect(highlighted * 2 > Self.payloads.count / 100)
  }
}
