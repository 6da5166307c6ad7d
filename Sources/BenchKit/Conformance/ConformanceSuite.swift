import Foundation
import RenderCore

/// A CommonMark-format suite read from a JSON file, and how engines fare on it.
///
/// Every engine runs unsafe (raw HTML passes), as the suites' expected HTML assumes; a suite
/// whose file name mentions `smart` runs with smart punctuation on, as cmark's
/// `smart_punct` tests do. An example that lists extensions (the GFM spec's) runs with exactly
/// those; `gfm-extensions` (cmark-gfm's `extensions.txt`) runs every example with the six
/// extensions cmark-gfm's own test run turns on. An engine renders with the ones it has, and
/// fails the examples that need the others. Outputs and expectations are compared after
/// normalisation.
package struct ConformanceSuite: Sendable {
  /// The suite's name: the file name without `.json`.
  package let name: String
  /// Its examples, in order.
  package let examples: [SpecExample]
  /// The largest suite file read, in bytes (the GFM spec's is under 1 MiB).
  static let maximumFileBytes = 1 << 26

  /// Reads the suite at `path`; a missing file or wrong format is a clear error.
  package init(path: String) throws {
    let data = try LimitedInput.read(path: path, maximumBytes: Self.maximumFileBytes)
    do {
      examples = try JSONDecoder().decode([SpecExample].self, from: data)
    } catch {
      throw RenderError.invalidConfiguration(
        source: path, key: nil,
        problem:
          "not a CommonMark-format suite (an array of {markdown, html, example, section}): \(error)"
      )
    }
    name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  }

  /// The options `example` expects, limited to the extensions `engine` has.
  package func options(for example: SpecExample, engine: EngineDescriptor) -> RenderOptions {
    let wanted =
      name == "gfm-extensions"
      ? RenderFeature.cmarkGFMTestExtensions
      : Set((example.extensions ?? []).compactMap(RenderFeature.init(cmarkGFMName:)))
    return RenderOptions(
      unsafe: true, smartPunctuation: name.lowercased().contains("smart"),
      extensions: wanted.intersection(engine.features))
  }

  /// Each engine's normalised output for each example (a failure's message in its place).
  package func outputs(
    of engines: [any MarkdownEngine], normalize: @Sendable (String) -> String
  ) -> [[String]] {
    engines.map { engine in
      let descriptor = engine.descriptor
      return examples.map { example in
        do {
          let options = options(for: example, engine: descriptor)
          return normalize(try engine.render(example.markdown, options: options).html)
        } catch {
          return "failed: \(error)"
        }
      }
    }
  }

  /// Pass counts per engine and agreement per pair of engines.
  package func results(
    of engines: [any MarkdownEngine], normalize: @Sendable (String) -> String
  ) -> (conformance: [ConformanceFigures], agreement: [AgreementFigures]) {
    let expected = examples.map { normalize($0.html) }
    let outputs = outputs(of: engines, normalize: normalize)
    var sectionOrder: [String] = []
    for example in examples where !sectionOrder.contains(example.section) {
      sectionOrder.append(example.section)
    }
    let conformance = engines.indices.map { engineIndex in
      var passedBySection: [String: Int] = [:]
      var totalBySection: [String: Int] = [:]
      for (index, example) in examples.enumerated() {
        totalBySection[example.section, default: 0] += 1
        if outputs[engineIndex][index] == expected[index] {
          passedBySection[example.section, default: 0] += 1
        }
      }
      let sections = sectionOrder.map { section in
        ConformanceFigures.Section(
          name: section, passed: passedBySection[section] ?? 0, total: totalBySection[section] ?? 0)
      }
      return ConformanceFigures(
        engine: engines[engineIndex].descriptor.id, suite: name,
        passed: sections.reduce(0) { $0 + $1.passed }, total: examples.count, sections: sections)
    }
    var agreement: [AgreementFigures] = []
    for first in engines.indices {
      for second in engines.indices where second > first {
        let agreed = zip(outputs[first], outputs[second]).filter { $0 == $1 }.count
        agreement.append(
          AgreementFigures(
            a: engines[first].descriptor.id, b: engines[second].descriptor.id, suite: name,
            agreed: agreed, total: examples.count))
      }
    }
    return (conformance, agreement)
  }
}
