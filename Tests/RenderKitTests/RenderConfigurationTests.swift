import Foundation
import RenderKit
import Testing

@Suite struct RenderConfigurationTests {
  private func parse(_ json: String) throws(RenderError) -> RenderConfiguration {
    try RenderConfiguration.parse(Data(json.utf8), source: "render.json")
  }

  private func message(_ json: String) -> String? {
    do {
      _ = try parse(json)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func readsEveryKey() throws {
    let configuration = try parse(
      """
      {"engine": "discount", "stylesheet": "/styles/site.css", "colorScheme": "dark", "title": "Notes",
       "options": {"unsafe": true, "smartPunctuation": true, "hardLineBreaks": true,
                   "sourcePositions": false, "extensions": ["tables", "footnotes"]}}
      """)
    #expect(configuration.engine == "discount")
    #expect(configuration.engineSource == "render.json")
    #expect(configuration.stylesheet == "/styles/site.css")
    #expect(configuration.colorScheme == .dark)
    #expect(configuration.title == "Notes")
    #expect(
      configuration.options
        == RenderOptions(
          unsafe: true, smartPunctuation: true, hardLineBreaks: true,
          extensions: [.tables, .footnotes]))
  }

  @Test func readsTheImporterAndRejectsAnUnknownOne() throws {
    #expect(try parse(#"{"importer": "libxml2"}"#).importer == "libxml2")
    #expect(try parse("{}").importer == nil)
    var configuration = RenderConfiguration()
    configuration.importer = "lxml"
    #expect(throws: RenderError.self) { try Renderer(configuration: configuration) }
    do {
      _ = try Renderer(configuration: configuration)
    } catch {
      #expect(error.description.contains("valid importers: html5, libxml2"))
    }
    configuration.importer = nil
    // The default builds the HTML5 tree, in-process and in the worker alike: "a" is
    // foster-parented before the table.
    for isolation in [IsolationMode.inProcess, nil] {
      configuration.isolation = isolation
      let styled = try Renderer(configuration: configuration).styledText(
        .html("<table><tr><td>b</td></tr>a</table>"))
      #expect(styled.string.hasPrefix("a"), "isolation \(String(describing: isolation))")
    }
  }

  @Test func readsContainmentKeys() throws {
    let configuration = try parse(
      #"{"isolation": "process", "deadline": 2.5, "maximumInputBytes": 1000}"#)
    #expect(configuration.isolation == .process)
    #expect(configuration.limits.deadline == .milliseconds(2500))
    // A deadline in the file is the user's: fixed, whatever the input's size.
    #expect(configuration.limits.scaledDeadline == nil)
    #expect(try parse("{}").limits.scaledDeadline == .default)
    #expect(configuration.limits.maximumInputBytes == 1000)
    #expect(try parse("{}").isolation == nil)
    // The command line's spelling works in the file too.
    #expect(try parse(#"{"isolation": "in-process"}"#).isolation == .inProcess)
    #expect(try parse(#"{"isolation": "inProcess"}"#).isolation == .inProcess)
    #expect(
      message(#"{"isolation": "thread"}"#)
        == "render.json: key \"isolation\": unknown value \"thread\"; valid values: process, in-process"
    )
    #expect(
      message(#"{"deadline": -1}"#)
        == "render.json: key \"deadline\": expected seconds more than 0 and at most 86400, found -1.0"
    )
    #expect(
      message(#"{"maximumInputBytes": 1.5}"#)
        == "render.json: key \"maximumInputBytes\": expected a whole number of bytes from 1 to 2147483647, found 1.5"
    )
  }

  @Test func readsTheWorkerCaps() throws {
    let configuration = try parse(
      #"{"maximumWorkerMemoryBytes": 268435456, "maximumOutputRatio": 8}"#)
    #expect(configuration.limits.maximumWorkerMemoryBytes == 256 << 20)
    #expect(configuration.limits.maximumOutputRatio == 8)
    #expect(try parse("{}").limits == RenderLimits())
    #expect(
      message(#"{"maximumWorkerMemoryBytes": 1024}"#)
        == "render.json: key \"maximumWorkerMemoryBytes\": expected a whole number of bytes from 16 MiB to 1 TiB, found 1024.0"
    )
    #expect(
      message(#"{"maximumOutputRatio": 0}"#)
        == "render.json: key \"maximumOutputRatio\": expected a whole number from 1 to 1000000, found 0.0"
    )
  }

  @Test func emptyObjectGivesTheSafeDefaults() throws {
    let configuration = try parse("{}")
    // GitHub Flavored Markdown by default: cmark-gfm with the GFM profile.
    #expect(configuration.engine == "cmark-gfm")
    #expect(configuration.profile == .gfm)
    #expect(configuration.options == RenderOptions())
    #expect(configuration.options.unsafe == false)
    #expect(configuration.colorScheme == .light)
  }

  @Test func unknownKeyNamesTheFileTheKeyAndTheValidKeys() {
    #expect(
      message(#"{"engin": "cmark"}"#)
        == "render.json: key \"engin\": unknown key; valid keys here: engine, profile, options, stylesheet, colorScheme, title, language, baseURL, sanitize, isolation, deadline, maximumInputBytes, importer, maximumWorkerMemoryBytes, maximumOutputRatio"
    )
    #expect(
      message(#"{"options": {"smart": true}}"#)
        == "render.json: key \"options.smart\": unknown key; valid keys here: unsafe, smartPunctuation, hardLineBreaks, sourcePositions, headingAnchors, tableOfContents, extensions, disabledExtensions, tableOfContentsLevels, frontMatter"
    )
  }

  @Test func profileChoosesTheExtensionsEachEngineGets() throws {
    let strict = try parse(#"{"profile": "commonmark", "options": {"extensions": ["tables"]}}"#)
    #expect(strict.profile == .commonMark)
    let gfm = try parse(#"{"options": {"extensions": ["footnotes"]}}"#)
    let cmarkGFM = CMarkGFMEngine().descriptor
    #expect(
      gfm.options(for: cmarkGFM).extensions
        == [
          .tables, .strikethrough, .autolinks, .taskLists, .tagFilter, .footnotes, .math, .alerts,
          .highlight, .emoji, .headingAnchors, .allowedHTML,
        ])
    #expect(strict.options(for: cmarkGFM).extensions == [.tables])
    // An engine gets the profile's extensions it has: cmark stays strict CommonMark, but for
    // math, alerts, highlighting, emoji, anchors and raw HTML's allowlist, which the pipeline
    // gives every engine.
    #expect(
      gfm.options(for: CMarkEngine().descriptor).extensions
        == [.footnotes, .math, .alerts, .highlight, .emoji, .headingAnchors, .allowedHTML])
    #expect(
      gfm.options(for: DiscountEngine().descriptor).extensions
        == [
          .tables, .strikethrough, .autolinks, .taskLists, .footnotes, .math, .alerts, .highlight,
          .emoji, .headingAnchors, .allowedHTML,
        ])
    let withoutMath = try parse(#"{"options": {"disabledExtensions": ["math"]}}"#)
    #expect(!withoutMath.options(for: cmarkGFM).extensions.contains(.math))
    #expect(
      message(#"{"profile": "github"}"#)
        == "render.json: key \"profile\": unknown value \"github\"; valid values: gfm, commonmark")
  }

  @Test func wrongTypesNameTheExpectedAndFoundTypes() {
    #expect(
      message(#"{"options": {"smartPunctuation": "yes"}}"#)
        == "render.json: key \"options.smartPunctuation\": expected true or false, found a string")
    #expect(
      message(#"{"engine": 3}"#) == "render.json: key \"engine\": expected a string, found a number"
    )
    #expect(
      message(#"{"options": {"extensions": "tables"}}"#)
        == "render.json: key \"options.extensions\": expected an array of strings, found a string")
    #expect(
      message(#"{"options": {"unsafe": 1}}"#)
        == "render.json: key \"options.unsafe\": expected true or false, found a number")
    #expect(message(#"["cmark"]"#) == "render.json: expected a JSON object, found an array")
  }

  @Test func unknownValuesListTheValidOnes() {
    #expect(
      message(#"{"options": {"extensions": ["tables", "emojis"]}}"#)
        == "render.json: key \"options.extensions\": unknown value \"emojis\"; valid values: tables, strikethrough, superscript, footnotes, definitionLists, autolinks, taskLists, tagFilter, math, alerts, highlight, emoji, allowedHTML, headingAnchors"
    )
    #expect(
      message(#"{"colorScheme": "sepia"}"#)
        == "render.json: key \"colorScheme\": unknown value \"sepia\"; valid values: light, dark")
  }

  @Test func invalidJSONSaysWhere() throws {
    #expect(
      message("{\n  \"engine\": \n}")
        == "render.json: line 3, column 1: not valid JSON (found '}'); fix the syntax")
    #expect(
      message("{\"title\": \"Café\" \"x\"}")
        == "render.json: line 1, column 18: not valid JSON (found '\"'); fix the syntax")
    #expect(
      message("{\"engine\": \"cmark\"")
        == "render.json: line 1, column 19: not valid JSON (the text ends too early); fix the syntax"
    )
  }

  /// Strict JSON, as RFC 8259 writes it: a trailing comma is an error, not a liberty taken.
  @Test func trailingCommasAreErrors() throws {
    #expect(
      message("{\n  \"engine\": \"cmark\",\n}")
        == "render.json: line 3, column 1: not valid JSON (found '}' after a comma; JSON "
        + "allows no comma after the last item); fix the syntax")
    #expect(
      message(#"{"options": {"extensions": ["tables",]}}"#)?.contains("after a comma") == true)
    #expect(message("// comment\n{}")?.hasPrefix("render.json: line 1, column 1:") == true)
  }

  @Test func unknownEngineNamesTheValidEngines() throws {
    let configuration = try parse(#"{"engine": "markdown-it"}"#)
    #expect(
      throws: RenderError.invalidConfiguration(
        source: "render.json", key: "engine",
        problem: "unknown engine \"markdown-it\"; valid engines: plain, rich, wide.")
    ) {
      try configuration.validate(against: fakeRegistry)
    }
  }

  @Test func unsupportedFeatureNamesTheEnginesThatHaveIt() throws {
    let configuration = try parse(#"{"engine": "plain", "options": {"extensions": ["tables"]}}"#)
    do {
      try configuration.validate(against: fakeRegistry)
      Issue.record("validation passed")
    } catch {
      #expect(
        error.description
          == "render.json: key \"options\": plain does not support tables; engines that do: rich, wide; choose one of them or drop it."
      )
    }
  }

  @Test func environmentOverridesTheEngineAndIsNamedInErrors() throws {
    let folder = try temporaryFolder()
    try Data(#"{"engine": "rich"}"#.utf8).write(to: folder.appendingPathComponent("render.json"))
    let fromFile = try RenderConfiguration.resolve(environment: [:], currentDirectory: folder.path)
    #expect(fromFile.engine == "rich")
    let overridden = try RenderConfiguration.resolve(
      environment: ["RENDER_ENGINE": "nope"], currentDirectory: folder.path)
    #expect(overridden.engine == "nope")
    #expect(
      throws: RenderError.invalidConfiguration(
        source: "RENDER_ENGINE", key: nil,
        problem: "unknown engine \"nope\"; valid engines: plain, rich, wide.")
    ) {
      try overridden.validate(against: fakeRegistry)
    }
  }

  @Test func missingExplicitFileIsAnError() throws {
    let folder = try temporaryFolder()
    do {
      _ = try RenderConfiguration.resolve(
        path: "missing.json", environment: [:], currentDirectory: folder.path)
      Issue.record("resolved a missing file")
    } catch {
      #expect(error.description.hasPrefix("missing.json: cannot read the file ("))
    }
  }

  @Test func relativeStylesheetIsResolvedAgainstTheConfigurationFolder() throws {
    let folder = try temporaryFolder()
    try Data(#"{"stylesheet": "themes/site.css"}"#.utf8).write(
      to: folder.appendingPathComponent("site.json"))
    let configuration = try RenderConfiguration.resolve(
      path: "site.json", environment: [:], currentDirectory: folder.path)
    #expect(configuration.stylesheet == folder.appendingPathComponent("themes/site.css").path)
  }

  private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
