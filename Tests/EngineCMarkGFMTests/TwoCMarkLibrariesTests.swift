import EngineCMark
import EngineCMarkGFM
import RenderCore
import Testing

/// libcmark and libcmark-gfm export the same `cmark_*` symbols; these tests show that both
/// engines, used at once in one process, each run their own library.
@Suite struct TwoCMarkLibrariesTests {
  /// A `<textarea>` block: CommonMark 0.30 (libcmark 0.30.2) made it an HTML block that runs to
  /// `</textarea>`; under 0.29 (cmark-gfm 0.29.0.gfm.6) it ends at the blank line.
  static let textarea = "<textarea>\n\n*foo*\n</textarea>\n"
  static let table = "| a |\n| - |\n| b |\n"

  @Test func eachEngineReportsItsOwnLibrary() {
    #expect(CMarkEngine().descriptor.libraryVersion == "0.30.2")
    #expect(CMarkGFMEngine().descriptor.libraryVersion == "0.29.0.gfm.6")
    #expect(CMarkGFMEngine.loadedLibraryVersion == "0.29.0.gfm.6")
  }

  @Test func bothEnginesConcurrentlyKeepTheirOwnBehaviour() async throws {
    let unsafe = RenderOptions(unsafe: true)
    let tables = RenderOptions(extensions: [.tables, .strikethrough])
    let results = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var outputs: [String] = []
          for _ in 0..<50 {
            outputs.append(try CMarkEngine().render(Self.textarea, options: unsafe).html)
            outputs.append(try CMarkGFMEngine().render(Self.textarea, options: unsafe).html)
            outputs.append(try CMarkGFMEngine().render(Self.table + "~~x~~", options: tables).html)
            outputs.append(try CMarkGFMEngine().render("~~x~~", options: RenderOptions()).html)
            outputs.append(try CMarkEngine().render(Self.table, options: RenderOptions()).html)
          }
          return outputs
        }
      }
      var all: [[String]] = []
      for try await outputs in group { all.append(outputs) }
      return all
    }
    #expect(results.count == 8)
    for outputs in results {
      for round in stride(from: 0, to: outputs.count, by: 5) {
        // cmark 0.30: the block runs to </textarea>, the emphasis stays raw text.
        #expect(outputs[round] == Self.textarea)
        // cmark-gfm 0.29: the block ends at the blank line, the emphasis is parsed.
        #expect(outputs[round + 1].contains("<p><em>foo</em>"))
        // Only cmark-gfm has tables; strikethrough holds while other parses have it off.
        #expect(
          outputs[round + 2].contains("<table>") && outputs[round + 2].contains("<del>x</del>"))
        #expect(outputs[round + 3] == "<p>~~x~~</p>\n")
        #expect(outputs[round + 4] == "<p>| a |\n| - |\n| b |</p>\n")
      }
    }
  }
}
