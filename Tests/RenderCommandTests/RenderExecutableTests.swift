import Foundation
import TestSupport
import Testing

/// The real `render` binary, end to end: what a user at a shell sees.
@Suite(
  .enabled(
    if: BuiltProducts.isBuilt("render"), "SKIPPED: render is not built; run `swift build` first"))
struct RenderExecutableTests {
  let render = BuiltProducts.executable("render")

  @Test func pipesStandardInputToStandardOutput() throws {
    let run = try ProcessRun(render, ["-"], input: Data("# Hello\n".utf8))
    #expect(run.status == 0)
    #expect(run.outputText == "<h1>Hello</h1>\n")
    #expect(run.error.isEmpty)
  }

  @Test func exitStatusesFollowConvention() throws {
    let usage = try ProcessRun(render, ["--nope"])
    #expect(usage.status == 2)
    #expect(usage.error.hasPrefix("render: unknown option --nope"))
    let failure = try ProcessRun(render, ["/no/such/file.md"])
    #expect(failure.status == 1)
    #expect(failure.error == "render: /no/such/file.md: no such file; check the path.\n")
    #expect(failure.output.isEmpty)
  }

  @Test func renderingTwentyMegabytesLosesNothing() throws {
    let paragraph = "Paragraph with *emphasis*, `code` and a [link](https://example.com).\n\n"
    let count = 20 * 1024 * 1024 / paragraph.utf8.count
    let input = Data(String(repeating: paragraph, count: count).utf8)
    for engine in ["cmark", "discount"] {
      let run = try ProcessRun(render, ["--engine", engine], input: input)
      #expect(run.status == 0, "\(engine): \(run.error)")
      let text = run.outputText
      #expect(text.components(separatedBy: "<em>emphasis</em>").count - 1 == count, "\(engine)")
    }
  }
}
