import Foundation
import RenderCommand
import RenderKit
import TestSupport
import Testing

@Suite struct RenderCommandTests {
  let sample = SharedFixtures.fixture("Fixtures/Render/sample.md").path

  @Test func binaryInputIsRefusedAndBrokenTextRepaired() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-binary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A PNG's signature and header chunk, NUL-heavy as images and executables are.
    let png =
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
      + Data("IHDR".utf8) + Data(repeating: 0, count: 64)
    try png.write(to: folder.appendingPathComponent("chart.png"))
    // Compressed data: bytes that are mostly not UTF-8, with no NUL.
    let compressed = Data((0..<4096).map { UInt8(0x80 + ($0 * 7) % 0x7F) })
    try compressed.write(to: folder.appendingPathComponent("stream.md"))
    // Text with a few invalid bytes (Latin-1 "é" in a UTF-8 file) stays text, repaired.
    let latin1 = "# Caf\u{E9}\n\nA paragraph of ordinary words, long enough to be text, here.\n"
      .utf8.map { $0 == 0xC3 ? 0xE9 : $0 }.filter { $0 != 0xA9 }
    try Data(latin1).write(to: folder.appendingPathComponent("broken.md"))
    for name in ["chart.png", "stream.md"] {
      let run = CommandRun([name], currentDirectory: folder.path)
      #expect(run.status == .failure)
      #expect(
        run.error
          == "render: \(name): looks like a binary file, not Markdown or HTML text; give a text file.\n"
      )
      #expect(run.output.isEmpty)
    }
    let text = CommandRun(["broken.md"], currentDirectory: folder.path)
    #expect(text.status == .success)
    #expect(text.output.contains("here"))
  }

  /// One rule for bytes that are not UTF-8, as `render --help` states it, whether they come
  /// from a file or from standard input: a few become U+FFFD, mostly-not-text is refused.
  @Test func invalidUTF8GetsTheSameAnswerFromAFileAndStandardInput() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-utf8-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let help = CommandRun(["--help"]).output
    #expect(help.contains("Bytes that are not valid UTF-8 become U+FFFD"))
    #expect(help.contains("from a file and from standard input alike"))
    // A short Latin-1 word: one byte in four is not UTF-8, still text.
    let short = Data([0x63, 0x61, 0x66, 0xE9, 0x0A])
    // Compressed data: mostly not UTF-8, no NUL.
    let compressed = Data((0..<4096).map { UInt8(0x80 + ($0 * 7) % 0x7F) })
    for (name, bytes) in [("short.md", short), ("compressed.md", compressed)] {
      try bytes.write(to: folder.appendingPathComponent(name))
      let file = CommandRun([name], currentDirectory: folder.path)
      let piped = CommandRun(["-"], input: bytes)
      let streamed = CommandRun(["--stream"], input: bytes)
      #expect(file.status == piped.status, "\(name)")
      #expect(file.output == piped.output, "\(name)")
      #expect(streamed.status == piped.status, "\(name): \(streamed.error)")
      #expect(streamed.output == piped.output, "\(name)")
      if name == "short.md" {
        #expect(file.status == .success, "\(file.error)")
        #expect(file.output == "<p>caf\u{FFFD}</p>\n")
      } else {
        #expect(file.status == .failure)
        #expect(piped.error.hasPrefix("render: standard input: looks like a binary file"))
        #expect(streamed.error == piped.error)
      }
    }
  }

  /// `render --version`: the package's version, then every registered engine and importer
  /// with the version its C library reports, which must be the version pkg-config gives for
  /// the library the build used (MyHTML ships no pkg-config file: a version number is shown).
  @Test func versionNamesThePackageAndEveryCLibrary() throws {
    let run = CommandRun(["--version"])
    #expect(run.status == .success, "\(run.error)")
    var lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.removeFirst() == "render \(PackageVersion.current)")
    let rows = Dictionary(
      uniqueKeysWithValues: lines.map { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        return (fields[1], (kind: fields[0], version: fields[2]))
      })
    let expected =
      EngineRegistry.builtIn.engineIDs.map { ($0, "engine") }
      + ImporterRegistry.builtIn.descriptors.map { ($0.id, "importer") }
    #expect(Set(rows.keys) == Set(expected.map(\.0)))
    for (id, kind) in expected { #expect(rows[id]?.kind == kind, "\(id)") }
    let packages = [
      "cmark": "libcmark", "cmark-gfm": "libcmark-gfm", "discount": "libmarkdown",
      "md4c": "md4c", "libxml2": "libxml-2.0",
    ]
    for (id, package) in packages {
      guard let reference = Self.pkgConfigVersion(package) else {
        print("skipped: pkg-config has no \(package); its version is not compared")
        continue
      }
      #expect(rows[id]?.version == reference, "\(id)")
    }
    let myHTML = try #require(rows["html5"]?.version)
    #expect(myHTML.split(separator: ".").allSatisfy { Int($0) != nil }, "\(myHTML)")
  }

  private static func pkgConfigVersion(_ package: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--modversion", package]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// HTML is read as a browser reads it: NUL and control bytes are repaired, not refused;
  /// only a binary format's signature is refused.
  @Test func htmlWithNULBytesIsRepairedAndABinaryNamedHTMLRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-html-binary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // As html5lib's inputs have them: short, so a NUL is a large share of the bytes.
    try Data("<p>a\u{0}b\u{1}c</p>".utf8).write(to: folder.appendingPathComponent("nul.html"))
    let gif = Data("GIF89a".utf8) + Data([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00])
    try gif.write(to: folder.appendingPathComponent("pixel.html"))
    let text = CommandRun(["nul.html", "--to", "text"], currentDirectory: folder.path)
    #expect(text.status == .success, "\(text.error)")
    // The text around the control bytes, in order (the HTML5 importer drops a NUL in body
    // text, as a browser does; the other control shows as a replacement character).
    let letters = text.output.unicodeScalars.filter { CharacterSet.letters.contains($0) }
    #expect(String(String.UnicodeScalarView(letters)) == "abc", "\(text.output.debugDescription)")
    let binary = CommandRun(["pixel.html", "--to", "text"], currentDirectory: folder.path)
    #expect(binary.status == .failure)
    #expect(binary.error.contains("pixel.html: looks like a binary file"))
    // Markdown keeps the stricter rule: NUL bytes this frequent are not text.
    let nul = String(repeating: "a\u{0}b\u{0}c", count: 20)
    try Data(nul.utf8).write(to: folder.appendingPathComponent("nul.md"))
    #expect(CommandRun(["nul.md"], currentDirectory: folder.path).status == .failure)
  }

  @Test func anOutputInAMissingFolderFailsBeforeAnyWork() {
    let run = CommandRun(["-o", "/no/such/folder/out.html"], input: Data("*x*".utf8))
    #expect(run.status == .failure)
    #expect(
      run.error
        == "render: /no/such/folder/out.html: cannot be written: the folder /no/such/folder does not exist; create it or choose another -o.\n"
    )
  }

  @Test func readingATerminalPrintsAOneLineHintAndAPipeNone() {
    let terminal = CommandRun([], input: Data("*x*".utf8), inputIsTerminal: true)
    #expect(terminal.status == .success)
    #expect(terminal.output == "<p><em>x</em></p>\n")
    #expect(
      terminal.error.hasPrefix("render: reading Markdown from the terminal; type it, then Ctrl-D"))
    #expect(terminal.error.filter { $0 == "\n" }.count == 1)
    let piped = CommandRun([], input: Data("*x*".utf8))
    #expect(piped.error.isEmpty)
  }

  @Test func rendersAFileWithTheDefaultEngine() {
    let run = CommandRun([sample])
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    #expect(
      run.output.hasPrefix(
        #"<h1 id="user-content-fixture">Fixture</h1>"#
          + "\n<p>Some <em>emphasis</em> and &quot;quotes&quot; -- with a"))
  }

  @Test func readsStandardInputWhenNoFileOrDash() {
    for arguments in [[], ["-"]] {
      let run = CommandRun(arguments, input: Data("*x*".utf8))
      #expect(run.status == .success)
      #expect(run.output == "<p><em>x</em></p>\n")
    }
  }

  @Test func flagsMapToOptions() {
    let run = CommandRun(["--engine", "discount", "--smart", "--extension", "tables", sample])
    #expect(run.status == .success)
    // The document serialised (the gfm profile's anchors) writes the characters themselves.
    #expect(run.output.contains("\u{201C}quotes\u{201D} \u{2013} with"))
    #expect(run.output.contains("<table>"))
    let unsafe = CommandRun(["--unsafe"], input: Data("<b>raw</b>".utf8))
    #expect(unsafe.output == "<p><b>raw</b></p>\n")
    let breaks = CommandRun(["--hard-breaks"], input: Data("a\nb".utf8))
    #expect(breaks.output == "<p>a<br />\nb</p>\n")
  }

  @Test func invalidBytesAreRepairedNotRejected() {
    let run = CommandRun([], input: Data([0x61, 0xFF, 0x00, 0x62, 0x0D, 0x63]))
    #expect(run.status == .success)
    #expect(run.output == "<p>a\u{FFFD}\u{FFFD}b\nc</p>\n")
  }

  @Test func writesToTheOutputFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-\(UUID().uuidString).html"
    ).path
    let run = CommandRun(["-o", path], input: Data("# T".utf8))
    #expect(run.status == .success)
    #expect(run.output.isEmpty)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == #"<h1 id="user-content-t">T</h1>"# + "\n"
    )
  }

  @Test func listsLanguagesWithAliases() {
    let run = CommandRun(["--list-languages"])
    #expect(run.status == .success)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count > 20)
    #expect(lines == lines.sorted())
    #expect(lines.contains("javascript\tjs,node,mjs,cjs,jsx"))
    #expect(lines.contains("swift"))
    #expect(lines.contains { $0.hasPrefix("bash\tsh,shell,") })
  }

  @Test func listsEnginesWithVersions() {
    let run = CommandRun(["--list-engines"])
    #expect(run.status == .success)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(
      lines[0].hasPrefix(
        "cmark\t0.30.2\tfeatures: rawHTML,smartPunctuation,hardLineBreaks,sourcePositions"))
    #expect(
      lines[1].hasPrefix(
        "cmark-gfm\t0.29.0.gfm.6\tfeatures: rawHTML,smartPunctuation,hardLineBreaks,"
          + "sourcePositions,tables,strikethrough,footnotes,autolinks,taskLists,tagFilter"))
    #expect(
      lines[2].hasPrefix(
        "discount\t2.2.7\tfeatures: rawHTML,smartPunctuation,hardLineBreaks,tables"))
    #expect(
      lines[3].hasPrefix(
        "md4c\t0.4.8\tfeatures: rawHTML,hardLineBreaks,tables,strikethrough,autolinks,taskLists"))
  }

  @Test func linkedStylesheetsLoadFromTheInputFilesFolder() {
    let fixtures = SharedFixtures.fixture("Fixtures/LinkedStyles").path
    let arguments = ["page.html", "--to", "json", "--unsafe", "--isolation", "in-process"]
    let linked = CommandRun(arguments + ["--linked-stylesheets"], currentDirectory: fixtures)
    #expect(linked.status == .success)
    #expect(linked.output.contains("\"foregroundColor\":\"#123456\""))
    let plain = CommandRun(arguments, currentDirectory: fixtures)
    #expect(plain.status == .success)
    #expect(!plain.output.contains("#123456"))
  }

  @Test("contained, the default, the worker imports with the configured importer")
  func containedImportUsesTheConfiguredImporter() {
    let folder = SharedFixtures.fixture("Fixtures/Render").path
    // HTML read by the importer, and Markdown whose raw HTML Discount's document imports
    // in the worker.
    let cases = [
      ["html5-tree.html", "--to", "text"], ["html5-tree.html", "--to", "terminal"],
      ["raw-html-table.md", "--to", "text", "--engine", "discount", "--unsafe"],
      ["raw-html-table.md", "--to", "terminal", "--engine", "discount", "--unsafe"],
    ]
    for arguments in cases {
      func run(_ more: [String]) -> CommandRun {
        CommandRun(arguments + more, currentDirectory: folder)
      }
      let html5 = run(["--isolation", "in-process", "--importer", "html5"])
      let libxml2 = run(["--isolation", "in-process", "--importer", "libxml2"])
      #expect(html5.status == .success && libxml2.status == .success, "\(arguments)")
      #expect(html5.output != libxml2.output, "the fixture tells the importers apart")
      let contained = run([])
      #expect(contained.status == .success, "\(arguments): \(contained.error)")
      #expect(contained.output == html5.output, "\(arguments)")
      #expect(run(["--importer", "libxml2"]).output == libxml2.output, "\(arguments)")
    }
  }

  @Test func helpGoesToStandardOutput() {
    let run = CommandRun(["--help"])
    #expect(run.status == .success)
    #expect(run.output.hasPrefix("usage: render [FILE|-] [options]"))
  }

  @Test func usageErrorsExitTwoWithAHint() {
    let cases: [([String], String)] = [
      (["--bogus"], "render: unknown option --bogus\n"),
      (["--engine"], "render: --engine needs a value\n"),
      (
        ["--extension", "emojis"],
        "render: --extension does not take \"emojis\"; valid values: tables, strikethrough, superscript, footnotes, definitionLists, autolinks, taskLists, tagFilter, math, alerts, highlight, emoji, allowedHTML, headingAnchors\n"
      ),
      (["a.md", "b.md"], "render: only one input file may be given (found \"b.md\")\n"),
      (
        ["--linked-stylesheets", "--from", "html"],
        "render: --linked-stylesheets reads from FILE's folder; give a FILE, not standard input\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = CommandRun(arguments)
      #expect(run.status == .usage)
      #expect(run.error == message + "Try 'render --help' for usage.\n")
      #expect(run.output.isEmpty)
    }
    let engine = CommandRun(["--engine", "nope"])
    #expect(engine.status == .usage)
    #expect(
      engine.error.hasPrefix(
        "render: unknown engine \"nope\" for --engine; valid engines: cmark, cmark-gfm, discount, md4c\n"
      )
    )
  }

  @Test func renderAndInputErrorsExitOne() {
    let missing = CommandRun(["no-such-file.md"])
    #expect(missing.status == .failure)
    #expect(missing.error == "render: no-such-file.md: no such file; check the path.\n")
    let unsupported = CommandRun(
      ["--engine", "cmark", "--extension", "tables"], input: Data("x".utf8))
    #expect(unsupported.status == .failure)
    #expect(
      unsupported.error
        == "render: cmark does not support tables; engines that do: cmark-gfm, discount, md4c; choose one of them or drop it.\n"
    )
  }

  @Test func githubFlavoredMarkdownByDefaultAndStrictCommonMarkOneWordAway() {
    let input = Data("| a |\n| - |\n| b |\n\n- [ ] todo\n\nwww.example.com ~~x~~\n".utf8)
    let gfm = CommandRun([], input: input)
    #expect(gfm.status == .success)
    #expect(gfm.output.contains("<table>"))
    #expect(gfm.output.contains("<input type=\"checkbox\" disabled=\"\" /> todo"))
    #expect(gfm.output.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
    #expect(gfm.output.contains("<del>x</del>"))
    for strict in [["--profile", "commonmark"], ["--engine", "cmark"]] {
      let run = CommandRun(strict, input: input)
      #expect(run.status == .success)
      #expect(!run.output.contains("<table>") && !run.output.contains("<del>"), "\(strict)")
      #expect(run.output.contains("<li>[ ] todo</li>"), "\(strict)")
    }
    let added = CommandRun(
      ["--profile", "commonmark", "--extension", "tables"], input: input)
    #expect(added.output.contains("<table>") && !added.output.contains("<del>"))
    let bogus = CommandRun(["--profile", "github"])
    #expect(bogus.status == .usage)
    #expect(
      bogus.error.hasPrefix(
        "render: --profile does not take \"github\"; valid values: gfm, commonmark"))
  }

  @Test func environmentSelectsTheEngine() {
    // The GFM profile gives Discount the extensions it has (strikethrough among them).
    let run = CommandRun([], input: Data("~~x~~".utf8), environment: ["RENDER_ENGINE": "discount"])
    #expect(run.status == .success)
    #expect(run.output == "<p><del>x</del></p>")
    let strict = CommandRun(
      ["--profile", "commonmark"], input: Data("~~x~~".utf8),
      environment: ["RENDER_ENGINE": "discount"])
    #expect(strict.output == "<p>~~x~~</p>")
    let unknown = CommandRun([], input: Data("x".utf8), environment: ["RENDER_ENGINE": "nope"])
    #expect(unknown.status == .failure)
    #expect(
      unknown.error
        == "render: RENDER_ENGINE: unknown engine \"nope\"; valid engines: cmark, cmark-gfm, discount, md4c.\n"
    )
  }

  @Test func configurationFileInTheWorkingDirectory() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"engine": "discount", "options": {"extensions": ["strikethrough"]}}"#.utf8)
      .write(to: folder.appendingPathComponent("render.json"))
    let run = CommandRun([], input: Data("~~x~~".utf8), currentDirectory: folder.path)
    #expect(run.output == "<p><del>x</del></p>")
    try Data(#"{"engine": "discount", "options": {"smartQuotes": true}}"#.utf8)
      .write(to: folder.appendingPathComponent("bad.json"))
    let bad = CommandRun(
      ["--config", "bad.json"], input: Data("x".utf8), currentDirectory: folder.path)
    #expect(bad.status == .failure)
    #expect(
      bad.error.hasPrefix(
        "render: bad.json: key \"options.smartQuotes\": unknown key; valid keys here: "))
  }
}
