import BenchKit
import Foundation
import RenderKit
import TestSupport
import Testing

/// The parity classifier names each GFM construct Discount reads differently, on the two
/// engines' real output for a small document holding just that construct.
@Suite struct GFMConstructClassifierTests {
  /// The GFM profile's extensions; each engine gets those it has.
  static let gfm: Set<MarkdownExtension> = [
    .tables, .strikethrough, .autolinks, .taskLists, .tagFilter,
  ]

  /// One fixture per construct, named after the category it must land in.
  static let constructs: [ParityCategory] = [
    .headerOnlyTable, .delimiterRowWithoutLeadingPipe, .wwwAutolinks, .linkParentheses,
    .fencedCodeInListItem, .listAfterParagraph, .detailsInParagraph, .taskLists, .tagFilter,
  ]

  static func normalisedHTML(_ markdown: String, engineID: String) throws -> String {
    let engine = try EngineRegistry.builtIn.engine(id: engineID)
    let options = RenderOptions(
      unsafe: true, extensions: gfm.filter { engine.descriptor.features.contains($0.feature) })
    let normalize = try #require(PipelineStages.builtIn.normalize)
    return normalize(try engine.render(markdown, options: options).html)
  }

  @Test(arguments: constructs)
  func discountDifferenceIsNamed(_ construct: ParityCategory) throws {
    let markdown = try String(
      contentsOf: SharedFixtures.fixture("Fixtures/Bench/gfm-constructs/\(construct.rawValue).md"),
      encoding: .utf8)
    let reference = try Self.normalisedHTML(markdown, engineID: "cmark-gfm")
    let discount = try Self.normalisedHTML(markdown, engineID: "discount")
    #expect(
      ParityClassifier().classify(reference, discount, markdown: markdown) == construct,
      "cmark-gfm: \(reference)\ndiscount: \(discount)")
  }
}
