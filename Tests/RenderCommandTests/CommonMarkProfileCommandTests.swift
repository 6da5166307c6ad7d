import BenchKit
import Foundation
import TestSupport
import Testing

/// `render --profile commonmark` is CommonMark as its spec says: every example of the 0.30 spec
/// through the command's own configuration path, front matter read as Markdown, no pass.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct CommonMarkProfileCommandTests {
  /// The spec examples each engine fails in the `commonmark` profile, as the engine's own
  /// conformance suite lists them (md4c 0.4.8 follows 0.29's HTML block start conditions).
  static let exceptions: [String: [Int]] = ["cmark": [], "md4c": [171]]

  @Test(arguments: ["cmark", "md4c"])
  func everySpecExampleThroughTheCommand(engine: String) throws {
    let examples = try CommonMarkExample.load("spec-0.30.json")
    #expect(examples.count == 652)
    let failed = examples.filter { example in
      let run = CommandRun(
        ["--profile", "commonmark", "--engine", engine, "--unsafe", "-"],
        input: Data(example.markdown.utf8))
      return run.status != .success
        || HTMLNormalizer.normalize(run.output) != HTMLNormalizer.normalize(example.html)
    }.map(\.example)
    print(
      "render --profile commonmark --engine \(engine): \(examples.count - failed.count) of "
        + "\(examples.count) CommonMark 0.30 examples")
    #expect(failed == Self.exceptions[engine])
  }

  @Test func aLeadingRuleIsARuleAndNoPassRuns() {
    let strict = CommandRun(["--profile", "commonmark", "-"], input: Data("---\n---\n".utf8))
    #expect(strict.output == "<hr />\n<hr />\n")
    let gfm = CommandRun(["-"], input: Data("---\n---\n".utf8))
    #expect(gfm.output.isEmpty)
    let chosen = CommandRun(
      ["--profile", "commonmark", "--front-matter", "metadata", "-"],
      input: Data("---\ntitle: x\n---\n".utf8))
    #expect(chosen.output.isEmpty)
    let markdown = """
      > [!NOTE]
      > Read :tada: $x^2$.

      ```swift
      let x = 1
      ```

      """
    let plain = CommandRun(["--profile", "commonmark", "--engine", "cmark", "-"], input: Data())
    #expect(plain.status == .success)
    let html = CommandRun(
      ["--profile", "commonmark", "-"], input: Data(markdown.utf8)
    ).output
    #expect(html.contains("<blockquote>") && html.contains(":tada:") && html.contains("$x^2$"))
    #expect(!html.contains("<span") && !html.contains("<math") && !html.contains(" id="))
  }

  @Test func helpSaysWhatTheCMarkEngineAloneDoes() {
    let help = CommandRun(["--help"]).output
    #expect(!help.contains("or --engine cmark"))
    #expect(help.contains("--engine cmark alone keeps the gfm profile"))
  }
}
