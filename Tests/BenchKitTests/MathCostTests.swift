import BenchKit
import Foundation
import TestSupport
import Testing

/// `renderbench math` end to end in process, on the formula fixture and a small document.
@Suite struct MathCostTests {
  @Test func printsPerFormulaTimesAndOnOffRatios() throws {
    let document = FileManager.default.temporaryDirectory
      .appendingPathComponent("math-cost-\(ProcessInfo.processInfo.processIdentifier).md")
    try Data("> [!NOTE]\n> An alert.\n\nEuler: $e^{i\\pi} + 1 = 0$.\n".utf8).write(to: document)
    defer { try? FileManager.default.removeItem(at: document) }
    let outcome = BenchCommand(registry: TestStages.registry, stages: TestStages.stages).run([
      "math", "--corpus", document.path, "--runs", "3", "--formulas",
      SharedFixtures.fixture("RenderMathTests/Fixtures/formulas.txt").path,
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let output = outcome.standardOutput
    #expect(output.contains("Math cost (521 formulas; a 50-byte document through cmark-gfm"))
    for row in [
      "LaTeX → MathML, µs per formula", "LaTeX → linear text, µs per formula",
      "fragment, on / off, in-process", "styled text, on / off, default isolation",
    ] {
      #expect(output.contains("| \(row) | "), "no row \(row)")
    }
  }
}
