import Foundation
import RenderMath
import TestSupport
import Testing

/// Real Markdown from `../shared/corpus`, thousands of dollars (shell prompts, variables,
/// prices), most in code: the scanner finds math only where GitHub's rules make it math.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct CorpusDollarTests {
  @Test func readmesHaveNoMath() throws {
    let folder = SharedFixtures.url("corpus/readmes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    var dollars = 0
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      dollars += text.filter { $0 == "$" }.count
      #expect(MathSpanScanner.spans(in: text).map(\.latex) == [], "\(file)")
    }
    #expect(dollars > 80)
  }

  /// Pro Git's 15,000 dollars are shell prompts in code blocks, but for its prose about RCS
  /// keywords (`'$Date$'`, `$Id$`) and one Spanish sentence quoting two shell variables
  /// (`'$newrev' y de '$oldrev'`): by the rules those are math, on GitHub as here, each
  /// checked by reading the text around it.
  @Test func proGitFindsOnlyKeywordsThatAreMathByTheRules() throws {
    let text = try String(contentsOf: SharedFixtures.url("corpus/progit.md"), encoding: .utf8)
    #expect(text.filter { $0 == "$" }.count > 15_000)
    let found = MathSpanScanner.spans(in: text).map(\.latex)
    #expect(
      found == [
        "Id", "Date", "Date", "Date", "Date", "Format:", "newrev' y de '", "Id", "Date", "Date",
        "Date", "Date", "Date", "Date",
      ])
  }
}
