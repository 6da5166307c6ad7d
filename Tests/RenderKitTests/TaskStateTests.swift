import Foundation
import RenderKit
import Testing

/// Checked and unchecked task items are told apart in every output, on every engine with task
/// lists, and a page drops their bullets.
@Suite struct TaskStateTests {
  private let markdown = "- [x] done\n- [ ] todo\n"

  private func renderer(engine: String) throws -> Renderer {
    var configuration = RenderConfiguration()
    configuration.engine = engine
    configuration.isolation = .inProcess
    return try Renderer(configuration: configuration)
  }

  private func text(_ renderer: Renderer, _ output: RenderJob.Output) throws -> String {
    let bytes = try #require(try renderer.run(RenderJob(.markdown(markdown), to: output)).utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: ["cmark-gfm", "discount", "md4c"])
  func everyOutputTellsTheStatesApart(engine: String) throws {
    let renderer = try renderer(engine: engine)
    let styled = try renderer.styledText(.markdown(markdown))
    #expect(styled.runs.compactMap(\.style.taskState) == [.checked, .unchecked])
    let plain = try text(renderer, .plainText)
    #expect(plain.contains("☑ done") && plain.contains("☐ todo"), "\(plain)")
    let json = try text(renderer, .json)
    #expect(json.contains(#""taskState":"checked""#) && json.contains(#""taskState":"unchecked""#))
    let terminal = try text(renderer, .terminal(TerminalRenderer(colorMode: .none)))
    #expect(terminal.contains("☑ done") && terminal.contains("☐ todo"), "\(terminal)")
    let ascii = try text(
      renderer, .terminal(TerminalRenderer(colorMode: .none, lineDrawing: .ascii)))
    #expect(ascii.contains("[x] done") && ascii.contains("[ ] todo"), "\(ascii)")
    #expect(!ascii.contains("☑") && !ascii.contains("☐"))
  }

  @Test(arguments: ["cmark-gfm", "md4c"])
  func aPageMarksTaskItemsAndTheThemeDropsTheirBullets(engine: String) throws {
    let renderer = try renderer(engine: engine)
    let page = try renderer.page(.markdown(markdown + "\nThen:\n\n- plain\n")).html
    #expect(page.components(separatedBy: "task-list-item\"").count - 1 >= 2)
    #expect(page.contains(#"class="contains-task-list""#))
    #expect(page.contains("<li>plain</li>"))
    #expect(page.contains(".task-list-item { list-style-type: none; }"))
    // The fragment, with no pass changing it, stays the engine's own HTML.
    #expect(
      try renderer.html(.markdown(markdown)).html
        == renderer.engine.render(markdown, options: renderer.options).html)
  }

  @Test(arguments: ["cmark-gfm", "discount"])
  func footnotesAreNumberedInPlainText(engine: String) throws {
    let renderer = try renderer(engine: engine)
    let markdown = "A claim.[^a]\n\n[^a]: The note.\n"
    let plain = try #require(
      try renderer.run(RenderJob(.markdown(markdown), to: .plainText)).utf8)
    let text = String(decoding: plain, as: UTF8.self)
    #expect(text.hasPrefix("A claim.[1]\n") && text.contains("1. The note."), "\(text)")
    #expect(!text.contains("\u{21A9}"))
  }
}
