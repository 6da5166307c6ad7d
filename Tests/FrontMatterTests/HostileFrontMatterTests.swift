import FrontMatter
import RenderCore
import Testing

/// Front matter an attacker wrote: every budget stops it with a clear error, quickly.
@Suite struct HostileFrontMatterTests {
  private func limitName(_ markdown: String, limits: FrontMatterLimits = FrontMatterLimits())
    -> String?
  {
    do {
      _ = try FrontMatterReader(limits: limits).read(markdown)
      return nil
    } catch {
      guard case .limitExceeded(let limit, let value, let maximum) = error, value > maximum else {
        return "unexpected: \(error)"
      }
      return limit
    }
  }

  @Test func billionLaughsStopsAtTheValueBudget() {
    // Nine levels, each ten aliases of the one before: 10^9 values once expanded.
    var yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      yaml += "a\(level): &a\(level) [\(aliases)]\n"
    }
    #expect(limitName("---\n\(yaml)---\n") == "front matter values (aliases counted in full)")
  }

  @Test func manyAliasesStopAtTheAliasBudget() {
    let yaml =
      "x: &x 1\nlist: [" + Array(repeating: "*x", count: 2_000).joined(separator: ", ")
      + "]\n"
    #expect(limitName("---\n\(yaml)---\n") == "front matter aliases")
  }

  @Test func deepNestingStopsAtTheDepthBudget() {
    let flow = "deep: " + String(repeating: "[", count: 100_000) + "\n"
    #expect(limitName("---\n\(flow)---\n") == "front matter nesting depth")
    var block = ""
    for level in 0..<100 { block += String(repeating: " ", count: level) + "k\(level):\n" }
    #expect(limitName("---\n\(block)---\n") == "front matter nesting depth")
  }

  @Test func hugeBlocksStopAtTheSizeBudget() {
    let line = "key: " + String(repeating: "x", count: 1_000) + "\n"
    let yaml = String(repeating: line, count: 2_000)
    #expect(limitName("---\n\(yaml)---\n") == "front matter bytes")
  }

  @Test func manyValuesStopAtTheValueBudget() {
    var limits = FrontMatterLimits()
    limits.maximumValues = 1_000
    let yaml = "list: [" + Array(repeating: "1", count: 5_000).joined(separator: ",") + "]\n"
    #expect(
      limitName("---\n\(yaml)---\n", limits: limits)
        == "front matter values (aliases counted in full)")
  }

  @Test func withinTheBudgetsAliasesAndNestingAreFine() throws {
    let yaml = "a: &a [1, 2]\nb: [*a, *a]\nc: [[[[[x]]]]]\n"
    let metadata = try FrontMatterReader().read("---\n\(yaml)---\n").metadata
    #expect(
      metadata["b"]
        == .array([.array([.integer(1), .integer(2)]), .array([.integer(1), .integer(2)])]))
  }
}
