import Foundation
import RenderCommand
import TestSupport
import Testing

/// `render --from` and `--to`: the same input as fragment, page, text, JSON and terminal output.
@Suite struct RenderFormatTests {
  let sample = SharedFixtures.fixture("Fixtures/Render/sample.md").path
  let html = SharedFixtures.fixture("Fixtures/Render/page.html").path
  let redCSS = SharedFixtures.fixture("Fixtures/Render/red.css").path
  let windows1252 = SharedFixtures.fixture("Fixtures/Render/windows-1252.html").path

  @Test func htmlFilesAreImportedByExtension() {
    let run = CommandRun(["--to", "text", html])
    #expect(run.status == .success)
    #expect(run.output == "Imported\n\nHello bold & link\n")
  }

  /// The file's bytes reach the importer: its `<meta charset>` decides how they decode, for
  /// styled outputs and for the fragment and page alike.
  @Test(arguments: ["text", "json", "terminal", "fragment", "page"])
  func htmlInputHonoursItsDeclaredCharset(_ to: String) {
    let run = CommandRun(["--to", to, "--color", "never", windows1252])
    #expect(run.status == .success)
    #expect(run.output.contains("caf\u{E9} \u{201C}quoted\u{201D}"), "\(run.output)")
    #expect(!run.output.contains("\u{FFFD}"))
  }

  /// A file the importer's worker reads itself makes the output its bytes make on standard
  /// input, charset and all.
  @Test(arguments: ["text", "json", "terminal"])
  func anHTMLFileMakesWhatItsBytesMake(_ to: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: windows1252))
    let file = CommandRun(["--to", to, "--color", "never", windows1252])
    let piped = CommandRun(["--from", "html", "--to", to, "--color", "never"], input: bytes)
    #expect(file.status == .success, "\(file.error)")
    #expect(file.output.contains("caf\u{E9}"))
    #expect(file.output == piped.output)
  }

  @Test func anHTMLFileOverTheInputLimitIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "html-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"maximumInputBytes": 100}"#.utf8).write(
      to: folder.appendingPathComponent("small.json"))
    let page = folder.appendingPathComponent("long.html")
    try Data(("<p>" + String(repeating: "a", count: 200) + "</p>").utf8).write(to: page)
    let run = CommandRun(
      ["--config", "small.json", "--to", "text", "long.html"], currentDirectory: folder.path)
    #expect(run.status == .failure)
    #expect(run.output.isEmpty)
    #expect(run.error.contains("input bytes limit (207 > 100)"), "\(run.error)")
  }

  @Test func htmlInputHonoursAByteOrderMark() {
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "<p>caf\u{E9}</p>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let run = CommandRun(["--from", "html", "--to", "text"], input: Data(utf16))
    #expect(run.output == "caf\u{E9}\n")
  }

  @Test func fromOverridesTheExtension() {
    let run = CommandRun(
      ["--from", "html", "--to", "text"], input: Data("<p>a <i>b</i></p><p>c</p>".utf8))
    #expect(run.output == "a b\n\nc\n")
    // Read as Markdown, the file is one raw HTML block: omitted in safe mode (the commonmark
    // profile), kept with --unsafe.
    let safe = CommandRun(["--from", "markdown", "--profile", "commonmark", "--to", "text", html])
    #expect(safe.status == .success)
    #expect(safe.output == "")
    let unsafe = CommandRun(
      ["--from", "markdown", "--unsafe", "--profile", "commonmark", "--to", "text", html])
    #expect(unsafe.output == "Imported\n\nHello bold & link\n")
    // The GFM profile's tagfilter escapes the page's <title>, <style> and <script>: they
    // show as text.
    let filtered = CommandRun(["--from", "markdown", "--unsafe", "--to", "text", html])
    #expect(filtered.output.hasPrefix("<title>"))
    #expect(filtered.output.contains("Hello bold & link\n"))
    #expect(filtered.output.contains("<script>hidden()</script>"))
  }

  @Test func jsonCarriesRunsWithScalarOffsets() throws {
    let run = CommandRun(["--to", "json"], input: Data("é **b**".utf8))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(object["text"] as? String == "é b")
    let runs = try #require(object["runs"] as? [[String: Any]])
    let bold = try #require(
      runs.first { ($0["attributes"] as? [String: Any])?["fontWeight"] as? Int ?? 0 >= 600 })
    #expect(bold["start"] as? Int == 2)
    #expect(bold["length"] as? Int == 1)
  }

  @Test func pageEmbedsTheStylesheetAndTakesTheTitle() {
    let run = CommandRun(["--to", "page", "--stylesheet", redCSS, sample])
    #expect(run.status == .success)
    #expect(run.output.hasPrefix("<!doctype html>"))
    #expect(run.output.contains("<title>Fixture</title>"))
    #expect(run.output.contains("h1 { color: #ff0000 }"))
    let titled = CommandRun(
      ["--to", "page", "--title", "Given & <b>"], input: Data("# Heading".utf8))
    #expect(titled.output.contains("<title>Given &amp; &lt;b&gt;</title>"))
  }

  @Test func stylesheetProblemsAreWarningsWithLineAndColumn() {
    let run = CommandRun(["--to", "json", "--stylesheet", redCSS], input: Data("# T".utf8))
    #expect(run.status == .success)
    #expect(run.error.hasPrefix("render: warning: \(redCSS):3:5: "))
    #expect(run.output.contains("\"foregroundColor\":\"#ff0000\""))
  }

  @Test func fragmentOutputUsesNoCSSSoPrintsNoStylesheetWarnings() {
    let run = CommandRun(["--to", "fragment", "--stylesheet", redCSS], input: Data("# T".utf8))
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    #expect(run.output.contains(#"<h1 id="user-content-t">T</h1>"#))
  }

  @Test func missingStylesheetIsAnError() {
    let run = CommandRun(["--stylesheet", "/no/such.css"], input: Data("x".utf8))
    #expect(run.status == .failure)
    #expect(
      run.error
        == "render: /no/such.css: the stylesheet cannot be read (no such file; check the path).\n")
  }

  @Test func terminalOutputHasNoEscapesWhenPipedOrNoColor() {
    let piped = CommandRun(["--to", "terminal"], input: Data("# T\n\n*x* [l](https://e.org)".utf8))
    #expect(piped.status == .success)
    #expect(!piped.output.contains("\u{1B}"))
    let noColor = CommandRun(
      ["--to", "terminal"], input: Data("*x*".utf8), environment: ["NO_COLOR": "1"],
      outputIsTerminal: true)
    #expect(!noColor.output.contains("\u{1B}"))
    let forced = CommandRun(
      ["--to", "terminal", "--color", "always"], input: Data("*x* [l](https://e.org)".utf8))
    #expect(forced.output.contains("\u{1B}[3"))
    #expect(forced.output.contains("\u{1B}]8;;https://e.org\u{1B}\\"))
  }

  /// Terminal output is held to the output cap whoever lays it out: the command itself (from
  /// standard input, or from HTML) or the worker (from a Markdown file). A 2 KB hyperlink
  /// target opens again on each of the 2,000 lines its text wraps to at 10 columns: 4 MB
  /// from 22 KB of input.
  @Test(arguments: ["markdown", "html"])
  func terminalOutputIsHeldToTheOutputCap(format: String) throws {
    let target = "https://example.org/" + String(repeating: "a", count: 2_000)
    let words = String(repeating: "word ", count: 4_000)
    let input =
      format == "markdown"
      ? "[\(words)](\(target))\n" : "<p><a href=\"\(target)\">\(words)</a></p>\n"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(input.utf8).write(to: directory.appendingPathComponent("long-link"))
    for source in ["-", "long-link"] {
      func run(width: Int) -> CommandRun {
        CommandRun(
          [
            source, "--from", format, "--to", "terminal", "--color", "always", "--width",
            String(width),
          ], input: Data(input.utf8), currentDirectory: directory.path)
      }
      let wide = run(width: 80)
      #expect(wide.status == .success, "\(source): \(wide.error)")
      #expect(wide.output.contains("\u{1B}]8;;" + target + "\u{1B}\\"), "\(source)")
      let narrow = run(width: 10)
      #expect(narrow.status == .failure, "\(source)")
      let outputBytes = narrow.output.utf8.count
      #expect(outputBytes == 0, "\(source)")
      #expect(
        narrow.error.contains("the output exceeds the output bytes limit"),
        "\(source): \(narrow.error)")
    }
  }

  @Test func thePaletteFollowsTheTerminalBackgroundUnlessTheSchemeIsGiven() {
    let input = Data("Some `code` here.\n".utf8)
    func run(_ flags: [String], _ environment: [String: String] = [:], reply: String? = nil)
      -> String
    {
      CommandRun(
        ["--to", "terminal", "--color", "always"] + flags, input: input,
        environment: environment, outputIsTerminal: true, terminalBackground: reply
      ).output
    }
    let dark = run(["--color-scheme", "dark"])
    let light = run(["--color-scheme", "light"])
    #expect(dark != light)
    #expect(run([], ["COLORFGBG": "15;0"]) == dark)
    #expect(run([], ["COLORFGBG": "0;15"]) == light)
    #expect(run([], reply: "\u{1B}]11;rgb:1e1e/1e1e/1e1e\u{1B}\\") == dark)
    #expect(run([], reply: "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}") == light)
    // No answer: the light default, as before.
    #expect(run([]) == light)
    #expect(run(["--color-scheme", "light"], ["COLORFGBG": "15;0"]) == light)
  }

  @Test func terminalWidthIsHonoured() {
    let words = String(repeating: "word ", count: 40)
    let run = CommandRun(["--to", "terminal", "--width", "20"], input: Data(words.utf8))
    let lines = run.output.split(separator: "\n")
    #expect(lines.count >= 10)
    #expect(lines.allSatisfy { $0.count <= 20 })
  }

  @Test func badChoicesAreUsageErrors() {
    let cases: [([String], String)] = [
      (
        ["--to", "pdf"],
        "render: --to does not take \"pdf\"; valid values: fragment, page, text, json, terminal\n"
      ),
      (["--from", "rst"], "render: --from does not take \"rst\"; valid values: markdown, html\n"),
      (
        ["--color-scheme", "blue"],
        "render: --color-scheme does not take \"blue\"; valid values: light, dark\n"
      ),
      (["--width", "3"], "render: --width needs a whole number from 10 to 10000 (found \"3\")\n"),
    ]
    for (arguments, message) in cases {
      let run = CommandRun(arguments)
      #expect(run.status == .usage)
      #expect(run.error == message + "Try 'render --help' for usage.\n")
    }
  }
}

/// `--sanitize`: raw HTML kept with `--unsafe`, or HTML given as input, made safe the same way
/// for every engine.
@Suite struct RenderSanitizeTests {
  @Test(arguments: ["cmark", "cmark-gfm", "discount", "md4c"])
  func unsafeMarkdownIsMadeSafe(_ engine: String) {
    let input =
      "<div class=\"x\">ok <b>bold</b></div>\n\n<img src=x onerror=alert(1)>\n\n[a](javascript:x)\n"
    let run = CommandRun(["--engine", engine, "--unsafe", "--sanitize"], input: Data(input.utf8))
    #expect(run.status == .success)
    #expect(run.output.contains("<b>bold</b>"))
    #expect(!run.output.contains("onerror"))
    #expect(!run.output.contains("javascript"))
  }

  @Test func htmlInputIsSanitizedForFragmentAndPage() {
    let input = Data(
      "<p onclick=\"x()\">Hi <script>evil()</script><a href=\"https://e.org\">e</a></p>".utf8)
    let fragment = CommandRun(["--from", "html", "--sanitize"], input: input)
    #expect(fragment.output == "<p>Hi <a href=\"https://e.org\">e</a></p>")
    let page = CommandRun(["--from", "html", "--to", "page", "--sanitize"], input: input)
    #expect(page.output.contains("<p>Hi <a href=\"https://e.org\">e</a></p>"))
    #expect(!page.output.contains("evil"))
    let unsanitized = CommandRun(["--from", "html", "--unsafe"], input: input)
    #expect(unsanitized.output.contains("<script>evil()</script>"))
  }

  @Test func htmlInputIsSafeByDefault() {
    let input = Data(
      "<p onclick=\"x()\">Hi <script>evil()</script><a href=\"javascript:x()\">e</a></p>".utf8)
    for to in ["fragment", "page"] {
      let run = CommandRun(["--from", "html", "--to", to], input: input)
      #expect(run.status == .success)
      #expect(run.output.contains("<p>Hi <a>e</a></p>"), "\(to)")
      #expect(!run.output.contains("evil") && !run.output.contains("onclick"), "\(to)")
    }
  }

  @Test(arguments: [["--from", "html"], ["--from", "html", "--unsafe"]])
  func aWholeDocumentKeepsItsTitleAndBody(_ flags: [String]) {
    let input = Data(
      "<!doctype html><html><head><title>Own title</title></head><body><p>Body</p></body></html>"
        .utf8)
    let run = CommandRun(flags + ["--to", "page"], input: input)
    #expect(run.status == .success)
    #expect(run.output.contains("<title>Own title</title>"))
    #expect(run.output.contains("<main class=\"markdown-body\">\n<p>Body</p>\n</main>"))
    #expect(run.output.components(separatedBy: "<head>").count == 2)
    #expect(run.output.components(separatedBy: "<body>").count == 2)
  }
}

/// Mistakes the command refuses instead of making silently.
@Suite struct RenderRefusalTests {
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func theOutputCannotBeTheInput() throws {
    let folder = try folder()
    let input = folder.appendingPathComponent("a.md")
    try Data("# Keep me\n".utf8).write(to: input)
    try FileManager.default.linkItem(at: input, to: folder.appendingPathComponent("hard.md"))
    for output in ["a.md", "./a.md", "\(folder.path)/a.md", "hard.md"] {
      let run = CommandRun(["a.md", "-o", output], currentDirectory: folder.path)
      #expect(run.status == .failure, "\(output)")
      #expect(run.error.contains("is the input file"), "\(output)")
    }
    #expect(try String(contentsOf: input, encoding: .utf8) == "# Keep me\n")
  }

  @Test func duplicateConfigurationKeysAreAnErrorNamingTheKey() throws {
    let folder = try folder()
    try Data(#"{"engine": "cmark", "options": {"unsafe": false, "unsafe": true}}"#.utf8).write(
      to: folder.appendingPathComponent("render.json"))
    let run = CommandRun([], input: Data("x".utf8), currentDirectory: folder.path)
    #expect(run.status == .failure)
    #expect(run.error.contains("key \"options.unsafe\": the key appears more than once"))
  }

  @Test func controlCharactersInFileNamesAreEscaped() {
    let run = CommandRun(["no\u{1B}[2Jsuch.md"])
    #expect(run.status == .failure)
    #expect(run.error.contains("no\\u{1B}[2Jsuch.md"))
    #expect(!run.error.contains("\u{1B}"))
  }
}
