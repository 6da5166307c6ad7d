import Foundation
import RenderCore
import TestSupport
import Testing

@testable import RenderOutline

/// The page title ``TitlePass`` finds without an outline is the outline's title.
@Suite struct TitlePassTests {
  @Test(arguments: [
    "# One\n\n## Two", "## Two\n\n# One", "## Two only", "#\n\n##   Spaced   out  \n\n# Last",
    "no heading", "<h2><h1>inner</h1> outer</h2>\n\n# after", "<h1><h1>a</h1>b</h1>",
  ])
  func headingTitleIsTheOutlinesTitle(markdown: String) throws {
    let document = try MarkdownDocument.make(markdown, unsafe: true)
    #expect(TitlePass.headingTitle(of: document) == Outline(document: document).title)
  }

  @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
  func headingTitleIsTheOutlinesTitleForEveryReadme() throws {
    let folder = SharedFixtures.url("corpus/readmes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    #expect(files.count >= 16)
    for file in files {
      let markdown = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let document = try MarkdownDocument.make(markdown, unsafe: true)
      #expect(
        TitlePass.headingTitle(of: document) == Outline(document: document).title, "\(file)")
    }
  }
}
