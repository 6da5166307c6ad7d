import Foundation
import RenderKit
import SiteBuilderKit
import Testing

@Suite struct SiteBuilderTests {
  let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  private func copyOfSite() throws -> (source: URL, output: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "site-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = folder.appendingPathComponent("src")
    try FileManager.default.copyItem(at: fixtures.appendingPathComponent("site"), to: source)
    return (source, folder.appendingPathComponent("out"))
  }

  /// The fixtures are trusted and this test runner cannot serve as a worker, so the engines
  /// run in-process here; `SiteBuilderExecutableTests` runs the real, contained app.
  private func renderer() throws -> Renderer {
    var configuration = try RenderConfiguration.load(
      file: fixtures.appendingPathComponent("render.json"))
    configuration.isolation = .inProcess
    return try Renderer(configuration: configuration)
  }

  @Test func buildsPagesCopiesAssetsAndWritesAnIndex() async throws {
    let (source, output) = try copyOfSite()
    let report = try await SiteBuilder(source: source, output: output, renderer: renderer()).build()
    #expect(report.rendered == ["guide/setup.html", "index.html", "notes.html"])
    #expect(report.copied == ["assets/extra.css"])
    #expect(report.failed.isEmpty)
    let setup = try String(
      contentsOf: output.appendingPathComponent("guide/setup.html"), encoding: .utf8)
    #expect(setup.hasPrefix("<!doctype html>"))
    #expect(setup.contains("<title>Setting up</title>"))
    #expect(setup.contains("<table>"), "the configured engine (Discount with tables) rendered it")
    let notes = try String(contentsOf: output.appendingPathComponent("notes.html"), encoding: .utf8)
    #expect(notes.contains("<title>notes.markdown</title>"))
    // The page is the document serialised: smart punctuation as characters, not entities.
    #expect(notes.contains("“quotes” – and"))
    let contents = try String(
      contentsOf: output.appendingPathComponent("contents.html"), encoding: .utf8)
    #expect(contents.contains("<li><a href=\"./guide/setup.html\">Setting up</a></li>"))
    #expect(contents.contains("<li><a href=\"./index.html\">Welcome</a></li>"))
    #expect(
      try Data(contentsOf: output.appendingPathComponent("assets/extra.css"))
        == Data(contentsOf: source.appendingPathComponent("assets/extra.css")))
  }

  @Test func reusesUnchangedPagesAndRebuildsChangedOnes() async throws {
    let (source, output) = try copyOfSite()
    let builder = SiteBuilder(source: source, output: output, renderer: try renderer())
    _ = try await builder.build()
    let again = try await builder.build()
    #expect(again.rendered == [])
    #expect(again.reused == ["guide/setup.html", "index.html", "notes.html"])
    try Data("# Changed\n".utf8).write(to: source.appendingPathComponent("notes.markdown"))
    let third = try await builder.build()
    #expect(third.rendered == ["notes.html"])
    #expect(third.reused == ["guide/setup.html", "index.html"])
    let contents = try String(
      contentsOf: output.appendingPathComponent("contents.html"), encoding: .utf8)
    #expect(contents.contains(">Changed</a>"))
  }

  @Test func changingTheEngineRebuildsEverything() async throws {
    let (source, output) = try copyOfSite()
    _ = try await SiteBuilder(source: source, output: output, renderer: renderer()).build()
    var cmark = RenderConfiguration()
    cmark.isolation = .inProcess
    let report = try await SiteBuilder(
      source: source, output: output, renderer: Renderer(configuration: cmark)
    ).build()
    #expect(report.rendered == ["guide/setup.html", "index.html", "notes.html"])
  }

  @Test func aMissingSourceFolderIsAClearError() async throws {
    let builder = SiteBuilder(
      source: URL(fileURLWithPath: "/no/such/folder"),
      output: FileManager.default.temporaryDirectory,
      renderer: try Renderer())
    await #expect(
      throws: RenderError.fileUnreadable(
        path: "/no/such/folder", reason: "no such folder; check the source path")
    ) {
      try await builder.build()
    }
  }

  @Test func indexLinksAreRelativeAndPercentEncoded() async throws {
    let (source, output) = try copyOfSite()
    let hostile = "javascript:alert(document.domain).md"
    try Data("# Hostile\n".utf8).write(to: source.appendingPathComponent(hostile))
    let report = try await SiteBuilder(source: source, output: output, renderer: renderer()).build()
    #expect(report.rendered.contains("javascript:alert(document.domain).html"))
    let contents = try String(
      contentsOf: output.appendingPathComponent("contents.html"), encoding: .utf8)
    #expect(contents.contains("href=\"./javascript%3Aalert%28document.domain%29.html\""))
    #expect(!contents.contains("href=\"javascript:"))
  }

  @Test func anOutputFolderInsideTheSourceIsLeftOut() async throws {
    let (source, _) = try copyOfSite()
    let output = source.appendingPathComponent("_site")
    let builder = SiteBuilder(source: source, output: output, renderer: try renderer())
    _ = try await builder.build()
    let second = try await builder.build()
    #expect(second.rendered.isEmpty)
    #expect(!second.copied.contains { $0.hasPrefix("_site/") })
    #expect(
      !FileManager.default.fileExists(atPath: output.appendingPathComponent("_site").path))
  }

  @Test func theSourceFolderCannotBeTheOutput() async throws {
    let (source, _) = try copyOfSite()
    let builder = SiteBuilder(source: source, output: source, renderer: try renderer())
    await #expect(throws: RenderError.self) { try await builder.build() }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: source.path).contains("notes.markdown"))
  }
}
