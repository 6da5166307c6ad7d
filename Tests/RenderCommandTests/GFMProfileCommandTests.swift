import Foundation
import Testing

/// What `render` says and does of the `gfm` profile's footnotes and alerts, and of a page's
/// forced colour scheme.
@Suite struct GFMProfileCommandTests {
  @Test func listEnginesSaysWhatGFMGoesWithoutOnEachEngine() {
    let run = CommandRun(["--list-engines"])
    #expect(run.status == .success)
    let lines = run.output.split(separator: "\n")
    let md4c = lines.first { $0.hasPrefix("md4c\t") }
    let lacking = md4c?.split(separator: "\t").last { $0.hasPrefix("gfm without: ") }
    #expect(lacking?.dropFirst(13).split(separator: ",").contains("footnotes") == true)
    let gfm = lines.first { $0.hasPrefix("cmark-gfm\t") }
    #expect(gfm?.contains("gfm without") == false)
  }

  @Test func footnotesAreInTheDefaultProfileAndAnErrorWhenAskedOfMD4C() {
    let markdown = Data("Text.[^1]\n\n[^1]: The note.\n".utf8)
    let run = CommandRun([], input: markdown)
    #expect(run.status == .success)
    #expect(run.output.contains("data-footnote-ref") && run.output.contains("class=\"footnotes\""))
    let md4c = CommandRun(["--engine", "md4c"], input: markdown)
    #expect(md4c.status == .success && !md4c.output.contains("footnote"))
    let asked = CommandRun(["--engine", "md4c", "--extension", "footnotes"], input: markdown)
    #expect(asked.status != .success)
    #expect(asked.error.contains("footnotes"))
  }

  @Test func alertsAreInTheDefaultProfileAndNotInCommonMark() {
    let markdown = Data("> [!NOTE]\n> Read this.\n".utf8)
    #expect(CommandRun([], input: markdown).output.contains("markdown-alert-note"))
    let strict = CommandRun(["--profile", "commonmark"], input: markdown)
    #expect(strict.output.contains("<blockquote>"))
    let asked = CommandRun(["--profile", "commonmark", "--extension", "alerts"], input: markdown)
    #expect(asked.output.contains("markdown-alert-note"))
  }

  @Test func emojiAreInTheDefaultProfileAndOffByFlagOrInCommonMark() {
    let markdown = Data("Shipped :rocket: `:rocket:`\n".utf8)
    let gfm = CommandRun(["-"], input: markdown)
    #expect(gfm.output == "<p>Shipped 🚀 <code>:rocket:</code></p>\n")
    for arguments in [["--no-extension", "emoji"], ["--profile", "commonmark"]] {
      let run = CommandRun(arguments + ["-"], input: markdown)
      #expect(run.output == "<p>Shipped :rocket: <code>:rocket:</code></p>\n", "\(arguments)")
    }
  }

  @Test func colorSchemeForcesThePage() {
    let markdown = Data("# Hi\n".utf8)
    let dark = CommandRun(["--to", "page", "--color-scheme", "dark"], input: markdown)
    let light = CommandRun(["--to", "page", "--color-scheme", "light"], input: markdown)
    let either = CommandRun(["--to", "page"], input: markdown)
    #expect(dark.status == .success && light.status == .success)
    #expect(dark.output != light.output && light.output != either.output)
    #expect(dark.output.contains(#"content="dark""#) && light.output.contains(#"content="light""#))
  }
}
