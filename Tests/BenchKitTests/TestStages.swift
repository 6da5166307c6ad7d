import BenchKit
import RenderKit

/// Stand-ins for the pipeline stages, so the tool's logic is tested on its own: a
/// normaliser that collapses whitespace, "import" stages that count bytes, and an output that
/// counts the characters of a StyledText holding the engine's HTML.
enum TestStages {
  /// The built-in engines.
  static let registry = EngineRegistry.builtIn

  /// Stages whose results are predictable.
  static let stages = PipelineStages(
    normalize: { html in html.split(whereSeparator: \.isWhitespace).joined(separator: " ") },
    styledText: { html in html.utf8.count },
    documentStyledText: { engine, markdown, options in
      try engine.render(markdown, options: options).utf8Count
    },
    libxml2TreeParse: { bytes in bytes.count },
    styledDocument: { engine, markdown, options in
      StyledText(string: try engine.render(markdown, options: options).html)
    },
    outputs: [OutputStage(id: "length") { $0.string.utf8.count }])
}
