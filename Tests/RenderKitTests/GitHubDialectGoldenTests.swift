import Foundation
import RenderKit
import TestSupport
import Testing

/// The example of GitHub's dialect (an alert, inline and display math, a footnote, task
/// items) in every output, against golden files a human reads:
/// `Tests/Fixtures/Render/github-dialect.md` gives `github-dialect.page.html` (the embedded
/// stylesheet left out), `.json`, `.txt` and `.terminal.txt` (80 columns, no colour). Set
/// `RENDER_UPDATE_GOLDENS=1` to rewrite them, then read the diff.
@Suite struct GitHubDialectGoldenTests {
  static let directory = SharedFixtures.fixture("Fixtures/Render")

  @Test func everyOutputMatchesItsGolden() throws {
    let source = try String(
      contentsOf: Self.directory.appendingPathComponent("github-dialect.md"), encoding: .utf8)
    var configuration = RenderConfiguration()
    configuration.isolation = .inProcess
    let renderer = try Renderer(configuration: configuration)
    func output(_ output: RenderJob.Output) throws -> String {
      String(
        decoding: try #require(renderer.run(RenderJob(.markdown(source), to: output)).utf8),
        as: UTF8.self)
    }
    let page = try #require(
      renderer.run(RenderJob(.markdown(source), to: .page(fileName: "github-dialect.md"))).page)
    let outputs = [
      ("page.html", Self.withoutStylesheet(page.html)),
      ("json", try output(.json)),
      ("txt", try output(.plainText) + "\n"),
      ("terminal.txt", try output(.terminal(TerminalRenderer(width: 80, colorMode: .none)))),
    ]
    for (fileExtension, actual) in outputs {
      let url = Self.directory.appendingPathComponent("github-dialect.\(fileExtension)")
      if ProcessInfo.processInfo.environment["RENDER_UPDATE_GOLDENS"] != nil {
        try actual.write(to: url, atomically: true, encoding: .utf8)
      }
      let expected = try String(contentsOf: url, encoding: .utf8)
      #expect(actual == expected, "github-dialect.\(fileExtension) differs from its golden")
    }
  }

  /// `html` with its `<style>` element's content left out: the default theme has goldens of
  /// its own, and would hide the page's structure here.
  static func withoutStylesheet(_ html: String) -> String {
    html.replacing(/<style>.*?<\/style>/.dotMatchesNewlines(), with: "<style>/* … */</style>")
  }
}
