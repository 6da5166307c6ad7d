import Foundation
import RenderKit

/// One hostile input of a recipe suite: cmark's pathological inputs
/// (`../shared/suites/pathological.json`), or the published ones kept here
/// (`Tests/Fixtures/Hostile/published.json`): a name and the Markdown its Python recipe builds.
///
/// ```swift
/// for hostile in try PathologicalCase.load(path: "../shared/suites/pathological.json") {
///   print(hostile.name, hostile.markdown.utf8.count)
/// }
/// ```
package struct PathologicalCase: Sendable {
  /// The suite it comes from: its file's name without `.json`, e.g. `pathological`.
  package var suite: String
  /// The case's number in the suite.
  package var example: Int
  /// The case's name, e.g. `"nested block quotes"`.
  package var name: String
  /// The input its recipe builds.
  package var markdown: String
  /// The first release of the affected engine that fixes it, when the suite says.
  package var fixedIn: String?
  /// The extensions the input needs to reach the code it attacks (a table's, say).
  package var extensions: Set<RenderFeature> = []

  private struct Entry: Decodable {
    var example: Int
    var name: String
    var recipe: String
    var fixedIn: String?
    var extensions: [String]?

    enum CodingKeys: String, CodingKey {
      case example, name, extensions
      case recipe = "markdown_expr"
      case fixedIn = "fixed_in"
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
        suite: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
        example: entry.example, name: entry.name,
        markdown: try PythonStringExpression(entry.recipe).evaluate(), fixedIn: entry.fixedIn,
        extensions: Set((entry.extensions ?? []).compactMap(RenderFeature.init(cmarkGFMName:))))
    }
  }

  /// The options the input is rendered with on an engine of `descriptor`: its extensions, as
  /// far as the engine has them.
  package func options(for descriptor: EngineDescriptor) -> RenderOptions {
    var options = RenderOptions()
    options.extensions = extensions.intersection(descriptor.features)
    return options
  }
}
