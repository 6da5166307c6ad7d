import Foundation
import RenderKit
import TestSupport
import Testing

/// `<link rel="stylesheet">` from the folder the caller grants: relative files inside it
/// apply in document order; URLs, absolute paths, `..` and symbolic links out of it never load.
@Suite struct LinkedStylesheetTests {
  let renderer: Renderer
  let page = SharedFixtures.fixture("Fixtures/LinkedStyles/page.html")

  init() throws {
    renderer = try Renderer()
  }

  /// The style of the first run whose text starts at `word`.
  private func style(of word: String, in styled: StyledText) -> TextStyle? {
    let scalars = Array(styled.string.unicodeScalars)
    return styled.runs.first { run in
      String(String.UnicodeScalarView(scalars[run.range])).hasPrefix(word)
    }?.style
  }

  private func styledText(_ source: RenderJob.Source, linkedStylesheetFolder: URL) throws
    -> StyledText
  {
    let job = RenderJob(source, to: .styledText, linkedStylesheetFolder: linkedStylesheetFolder)
    return try #require(try renderer.run(job).styledText)
  }

  @Test func linkedFilesInsideTheFolderApplyInDocumentOrder() throws {
    let styled = try styledText(
      .html(data: Data(contentsOf: page)), linkedStylesheetFolder: page.deletingLastPathComponent())
    #expect(style(of: "Text", in: styled)?.foregroundColor?.hex == "#123456")
    // css/site.css makes h1 red and italic; the <style> after it makes it green.
    #expect(style(of: "Title", in: styled)?.foregroundColor?.hex == "#00ff00")
    #expect(style(of: "Title", in: styled)?.italic == true)
  }

  @Test func withoutAGrantedFolderNothingIsRead() throws {
    let styled = try renderer.styledText(.html(data: Data(contentsOf: page)))
    #expect(style(of: "Text", in: styled)?.foregroundColor?.hex != "#123456")
    #expect(style(of: "Title", in: styled)?.italic == false)
  }

  @Test func symbolicLinksOutOfTheFolderAreNotFollowed() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("linked-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outside = folder.deletingLastPathComponent().appendingPathComponent(
      "outside-\(UUID().uuidString).css")
    try Data("p { color: #abcdef }".utf8).write(to: outside)
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("escape.css"), withDestinationURL: outside)
    let html = "<link rel=stylesheet href=escape.css><p>Text</p>"
    let styled = try styledText(.html(html), linkedStylesheetFolder: folder)
    #expect(style(of: "Text", in: styled)?.foregroundColor?.hex != "#abcdef")
  }
}
