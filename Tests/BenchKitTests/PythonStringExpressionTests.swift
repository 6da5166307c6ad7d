import BenchKit
import Foundation
import TestSupport
import Testing

@Suite struct PythonStringExpressionTests {
  @Test func decimalOfTheLoopVariable() throws {
    let text = try PythonStringExpression(
      "\"\".join(\"[\" + str(x) + \"]: u\\n\" for x in range(8, 11))"
    ).evaluate()
    #expect(text == "[8]: u\n[9]: u\n[10]: u\n")
  }

  @Test func decimalOfAProduct() throws {
    #expect(try PythonStringExpression("str(5000 * 16) + \"!\"").evaluate() == "80000!")
  }

  @Test func decimalOfAStringIsRefused() {
    #expect(throws: PythonStringExpression.Problem.self) {
      try PythonStringExpression("str(\"a\")").evaluate()
    }
  }

  /// Every recipe of the published hostile inputs reads, and builds what its notes promise:
  /// at least 100 KB, or the smaller size a case explains in its `derived` note.
  @Test func everyPublishedRecipeBuilds() throws {
    struct Entry: Decodable {
      var example: Int
      var recipe: String
      var derived: String?

      enum CodingKeys: String, CodingKey {
        case example, derived
        case recipe = "markdown_expr"
      }
    }
    struct Suite: Decodable { var cases: [Entry] }
    let url = SharedFixtures.fixture("Fixtures/Hostile/published.json")
    let suite = try JSONDecoder().decode(Suite.self, from: Data(contentsOf: url))
    #expect(Set(suite.cases.map(\.example)).count == suite.cases.count)
    for entry in suite.cases {
      let size = try PythonStringExpression(entry.recipe).evaluate().utf8.count
      #expect(size <= 1_000_000, "example \(entry.example): \(size) bytes")
      if entry.derived == nil {
        #expect(size >= 100_000, "example \(entry.example): \(size) bytes")
      }
    }
  }
}
