import Foundation
import RenderCommand
import TestSupport
import Testing

/// `render` with heading anchors, a table of contents and front matter.
@Suite struct OutlineCommandTests {
  let notes = SharedFixtures.fixture("Fixtures/Render/front-matter.md").path
  let malformed = SharedFixtures.fixture("Fixtures/Render/malformed-front-matter.md").path

  @Test func anchorsOnEveryEngine() {
    for engine in ["cmark", "discount"] {
      let run = CommandRun([
        notes, "--engine", engine, "--heading-anchors", "--isolation", "in-process",
      ])
      #expect(run.status == .success, "\(engine): \(run.error)")
      // With GitHub's `user-content-` prefix, as the gfm profile writes every id.
      #expect(run.output.contains(#"<h1 id="user-content-notes-from-the-river">"#), "\(engine)")
      #expect(run.output.contains(#"<h3 id="user-content-grey-herons">"#), "\(engine)")
      #expect(!run.output.contains("title:"), "\(engine): the front matter is taken out")
    }
  }

  @Test func tableOfContentsAtTheMarkerWithTheLevelsAsked() {
    let run = CommandRun([notes, "--table-of-contents", "--table-of-contents-levels", "2"])
    #expect(run.status == .success, "\(run.error)")
    #expect(
      run.output.contains(
        ##"<nav class="table-of-contents"><ul><li><a href="#user-content-herons">Herons</a></li><li><a href="#user-content-kingfishers">Kingfishers</a></li></ul></nav>"##
      ))
    #expect(!run.output.contains("TOC"))
  }

  @Test func tableOfContentsInTheTerminal() {
    let run = CommandRun([
      notes, "--table-of-contents", "--table-of-contents-levels", "2-3", "--to", "terminal",
      "--color", "never",
    ])
    #expect(run.status == .success, "\(run.error)")
    let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains { $0.hasPrefix("•") && $0.contains("Herons") })
    #expect(lines.contains { $0.contains("Grey herons") && $0.hasPrefix("◦") })
  }

  @Test func tableOfContentsLinksAreNoTerminalHyperlinks() {
    let run = CommandRun([notes, "--table-of-contents", "--to", "terminal", "--color", "always"])
    #expect(run.status == .success, "\(run.error)")
    #expect(run.output.contains("Herons"))
    #expect(!run.output.contains("\u{1B}]8;;#"))
  }

  @Test func jsonCarriesTheMetadataAndTheAnchors() throws {
    let run = CommandRun([notes, "--to", "json", "--heading-anchors"])
    #expect(run.status == .success, "\(run.error)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let metadata = try #require(json["metadata"] as? [String: Any])
    #expect(metadata["title"] as? String == "Field notes")
    #expect(metadata["tags"] as? [String] == ["birds", "rivers"])
    #expect(metadata["draft"] as? Bool == false)
    let anchors = (json["blocks"] as? [[String: Any]])?.compactMap { $0["anchor"] as? String }
    #expect(
      anchors
        == ["notes-from-the-river", "herons", "grey-herons", "kingfishers"].map {
          "user-content-" + $0
        })
  }

  @Test func thePageTitleComesFromTheFrontMatter() {
    let run = CommandRun([notes, "--to", "page"])
    #expect(run.status == .success, "\(run.error)")
    #expect(run.output.contains("<title>Field notes</title>"))
  }

  @Test func malformedFrontMatterIsAnErrorWithItsPlace() {
    let run = CommandRun([malformed])
    #expect(run.status == .failure)
    #expect(run.error.hasPrefix("render: front matter 3:1: "))
    #expect(run.error.contains("metadataOrText"))
    let text = CommandRun([malformed, "--front-matter", "metadataOrText"])
    #expect(text.status == .success)
    #expect(text.output.contains("<hr />"))
  }

  @Test func badLevelsAreAUsageError() {
    let run = CommandRun(["--table-of-contents-levels", "3-1"])
    #expect(run.status == .usage)
    #expect(run.error.contains("--table-of-contents-levels needs levels as 2-3 or 2"))
  }

  @Test func helpListsTheOptions() {
    let help = CommandRun(["--help"]).output
    for option in [
      "--heading-anchors", "--table-of-contents", "--table-of-contents-levels", "--front-matter",
    ] {
      #expect(help.contains(option), "\(option)")
    }
  }
}
