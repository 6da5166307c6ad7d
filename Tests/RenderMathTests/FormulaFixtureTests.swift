import Foundation
import RenderMath
import Testing

/// Every formula of `Fixtures/formulas.txt` (real-world formulas from calculus, linear
/// algebra, statistics, physics, one per line) converts with nothing left as an error, to
/// well-formed MathML and to a linear form.
@Suite struct FormulaFixtureTests {
  /// Formulas the converter is known not to handle, each with why. Empty: all convert.
  static let unsupported: [String: String] = [:]

  static func formulas() throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/formulas.txt")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  @Test func atLeastThreeHundredFormulas() throws {
    #expect(try Self.formulas().count >= 300)
  }

  @Test func everyFormulaConvertsWithoutError() throws {
    var failures: [String] = []
    for latex in try Self.formulas() where Self.unsupported[latex] == nil {
      let formula = MathExpression(latex: latex)
      let markup = formula.mathML(display: true)
      if !formula.unconverted.isEmpty || markup.contains("<merror") {
        failures.append("\(latex) → \(formula.unconverted)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) unconverted:\n\(failures.joined(separator: "\n"))")
  }

  @Test func everyFormulaIsWellFormedMathML() throws {
    for latex in try Self.formulas() {
      for display in [false, true] {
        let markup = MathExpression(latex: latex).mathML(display: display)
        do {
          let root = try MathMLElement.parse(markup)
          #expect(root.name == "math")
          #expect(root.attributes["display"] == (display ? "block" : nil))
        } catch {
          Issue.record("\(latex): \(error)\n\(markup)")
        }
      }
    }
  }

  @Test func everyFormulaHasALinearForm() throws {
    for latex in try Self.formulas() {
      let linear = MathExpression(latex: latex).linearText
      #expect(!linear.isEmpty, "\(latex)")
      // The linear form is what the formula says, not its markup.
      #expect(!linear.contains("\\frac") && !linear.contains("\\begin"), "\(latex) → \(linear)")
    }
  }
}
