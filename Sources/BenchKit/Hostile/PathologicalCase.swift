import Foundation
import RenderKit

/// One of cmark's pathological inputs (`../shared/suites/pathological.json`): a name and
/// the Markdown its Python recipe builds.
///
/// ```swift
/// for hostile in try PathologicalCase.load(path: "../shared/suites/pathological.json") {
///   print(hostile.name, hostile.markdown.utf8.count)
/// }
/// ```
package struct PathologicalCase: Sendable {
  /// The case's number in the suite.
  package var example: Int
  /// The case's name, e.g. `"nested block quotes"`.
  package var name: String
  /// The input its recipe builds.
  package var markdown: String

  private struct Entry: Decodable {
    var example: Int
    var name: String
    var recipe: String

    enum CodingKeys: String, CodingKey {
      case example, name
      case recipe = "markdown_expr"
    }
  }

  private struct Suite: Decodable {
    var cases: [Entry]
  }

  /// Reads and builds every case of the suite at `path`.
  package static func load(path: String) throws -> [PathologicalCase] {
    let data = try LimitedInput.read(path: path, maximumBytes: 1 << 20)
    let suite = try JSONDecoder().decode(Suite.self, from: data)
    return try suite.cases.map { entry in
      PathologicalCase(
        example: entry.example, name: entry.name,
        markdown: try PythonStringExpression(entry.recipe).evaluate())
    }
  }
}
