import BenchKit
import Foundation
import RenderKit
import TestSupport
import Testing

/// GitHub Flavored Markdown conformance through the framework, on the suites and documents in
/// `../shared`, read in place, compared after the parity normalisation.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct GFMConformanceTests {
  /// Floors on Discount's passed examples, set at what it passes; a drop must be explained here.
  static let discountGFMSpecFloor = 399
  static let discountGFMExtensionsFloor = 10

  private func suite(_ relativePath: String) throws -> ConformanceSuite {
    try ConformanceSuite(path: SharedFixtures.url(relativePath).path)
  }

  /// The numbers of the examples `engine` fails in `suite`.
  private func failures(_ suite: ConformanceSuite, _ engine: any MarkdownEngine) -> [Int] {
    let outputs = suite.outputs(of: [engine], normalize: HTMLNormalizer.normalize)[0]
    return zip(suite.examples, outputs).filter { example, output in
      HTMLNormalizer.normalize(example.html) != output
    }.map(\.0.example)
  }

  @Test func cmarkGFMPassesTheWholeGFMSpec() throws {
    // Each example runs with exactly the extensions it lists (none for the 649 CommonMark ones).
    let spec = try suite("suites/gfm-spec-0.29.json")
    #expect(spec.examples.count == 673)
    #expect(failures(spec, CMarkGFMEngine()) == [])
  }

  @Test func cmarkGFMPassesWhatTheReferenceCLIPassesOfItsExtensionsSuite() throws {
    let extensions = try suite("suites/gfm-extensions.json")
    #expect(extensions.examples.count == 28)
    // Debian's cmark-gfm CLI with the same six extensions fails the same two (26 of 28):
    // 20 expects "<IGNORE>" (a must-not-crash case cmark-gfm's test script never compares) and
    // 23 expects footnote markup older than 0.29.0.gfm.6's (`#fn1`, no `data-footnote-*`).
    #expect(failures(extensions, CMarkGFMEngine()) == [20, 23])
  }

  @Test func cmarkStillPassesTheWholeCommonMarkSpec() throws {
    let spec = try suite("commonmark/spec-0.30.json")
    #expect(spec.examples.count == 652)
    #expect(failures(spec, CMarkEngine()) == [])
  }

  @Test func realDocumentsMatchTheReferenceCMarkGFMOutput() throws {
    struct Reference: Decodable {
      let file: String
      let html: String
    }
    let archive = SharedFixtures.url("corpus/readmes/docs-reference.json.gz")
    let gunzip = try ProcessRun(URL(fileURLWithPath: "/bin/gzip"), ["-dc", archive.path])
    #expect(gunzip.status == 0, "gzip: \(gunzip.error)")
    let references = try JSONDecoder().decode([Reference].self, from: gunzip.output)
    #expect(references.count == 16)
    // As the reference was made: `cmark-gfm --unsafe -e table -e strikethrough -e autolink`.
    let options = RenderOptions(unsafe: true, extensions: [.tables, .strikethrough, .autolinks])
    var differing: [String] = []
    for reference in references {
      let markdown = try String(
        contentsOf: SharedFixtures.url("corpus/readmes/\(reference.file)"), encoding: .utf8)
      let html = try CMarkGFMEngine().render(markdown, options: options).html
      if HTMLNormalizer.normalize(html) != HTMLNormalizer.normalize(reference.html) {
        differing.append(reference.file)
      }
    }
    #expect(differing == [])
  }

  @Test func discountsCountsOnTheGFMSuitesAreReported() throws {
    for (path, floor) in [
      ("suites/gfm-spec-0.29.json", Self.discountGFMSpecFloor),
      ("suites/gfm-extensions.json", Self.discountGFMExtensionsFloor),
    ] {
      let suite = try suite(path)
      let figures = suite.results(of: [DiscountEngine()], normalize: HTMLNormalizer.normalize)
        .conformance[0]
      let extensionSections = figures.sections.filter { $0.name.contains("extension") }
      let extensionCounts =
        extensionSections.isEmpty
        ? ""
        : " (extension sections: \(extensionSections.reduce(0) { $0 + $1.passed }) of "
          + "\(extensionSections.reduce(0) { $0 + $1.total }))"
      print(
        "Discount passes \(figures.passed) of \(figures.total) of \(suite.name)\(extensionCounts)")
      #expect(figures.passed >= floor, "Discount passed \(figures.passed); explain the drop")
    }
  }
}
