import RenderCore

/// Compares every pair of engines on a corpus's chapters: renders each chapter once per
/// engine, normalises, and counts identical chapters and differences by category.
struct ParityComparison {
  /// The engines, in report order.
  let engines: [any MarkdownEngine]
  /// The options each engine renders with.
  let options: (any MarkdownEngine) -> RenderOptions
  /// The HTML normaliser.
  let normalize: @Sendable (String) -> String

  /// One entry per pair of engines, in the order the engines are listed.
  func compare(_ chapters: [CorpusDocument]) -> [ParityFigures] {
    let outputs = engines.map { engine in
      let options = options(engine)
      return chapters.map { chapter in
        do {
          return normalize(try engine.render(chapter.text, options: options).html)
        } catch {
          return "<!-- \(engine.descriptor.id) failed: \(error) -->"
        }
      }
    }
    let classifier = ParityClassifier()
    var figures: [ParityFigures] = []
    for first in engines.indices {
      for second in engines.indices where second > first {
        var categories = Dictionary(
          uniqueKeysWithValues: ParityCategory.allCases.map { ($0.rawValue, 0) })
        var examples: [String: String] = [:]
        var identical = 0
        for (index, chapter) in chapters.enumerated() {
          let a = outputs[first][index]
          let b = outputs[second][index]
          guard let category = classifier.classify(a, b, markdown: chapter.text) else {
            identical += 1
            continue
          }
          categories[category.rawValue, default: 0] += 1
          if examples[category.rawValue] == nil, let difference = TextDifference(a, b) {
            examples[category.rawValue] = "\(chapter.name)\n\(difference.excerpt)"
          }
        }
        figures.append(
          ParityFigures(
            a: engines[first].descriptor.id, b: engines[second].descriptor.id,
            identical: identical, total: chapters.count, categories: categories,
            examples: examples))
      }
    }
    return figures
  }
}
