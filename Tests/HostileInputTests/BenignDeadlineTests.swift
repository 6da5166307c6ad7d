import BenchKit
import Foundation
import RenderCore
import TestSupport
import Testing

@testable import RenderKit

/// The scaled deadline leaves benign documents alone: every document of the shared corpora
/// (progit, the real READMEs, every CommonMark and GFM spec example, every html5lib input)
/// renders in a worker under the default limits on every engine and importer, and none comes
/// near the processor time its size allows. The largest share any document used is printed.
///
/// The worker here is a debug build, several times slower than the release build users run,
/// so the bound holds with room to spare there; under the sanitizers, which slow it further
/// and by no fixed factor, the suite does not run.
@Suite(
  .enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing),
  .disabled(if: SanitizerRun.isActive, "a sanitizer's slowdown is no benign document's cost"))
struct BenignDeadlineTests {
  /// How much of its deadline a benign document may use in a debug build.
  static let largestShare = 0.75

  /// The share of its deadline one document used, and which it was.
  struct Share: CustomStringConvertible {
    var share: Double
    var name: String
    var description: String { String(format: "%.3f of its deadline (%@)", share, name) }
  }

  static func markdownDocuments() throws -> [(name: String, text: String)] {
    var documents = [
      ("progit.md", try String(decoding: SharedFixtures.data("corpus/progit.md"), as: UTF8.self))
    ]
    let readmes = SharedFixtures.url("corpus/readmes")
    for file in try FileManager.default.contentsOfDirectory(atPath: readmes.path).sorted()
    where file.hasSuffix(".md") && file != "README.md" {
      let data = try Data(contentsOf: readmes.appendingPathComponent(file))
      documents.append((file, String(decoding: data, as: UTF8.self)))
    }
    for suite in ["commonmark/spec-0.30.json", "suites/gfm-spec-0.29.json"] {
      let examples = try ConformanceSuite(path: SharedFixtures.url(suite).path).examples
      documents += examples.map { ("\(suite) example \($0.example)", $0.markdown) }
    }
    return documents
  }

  /// Runs `request` on `worker` under the default limits and returns the share of the scaled
  /// deadline the worker's processor time came to. The wall-clock deadline is stretched: the
  /// claim is about processor time, and on a test machine running other suites at once a
  /// benign render can wait longer than the default deadline for a core.
  static func share(
    of request: WorkerRequest, on worker: WorkerProcess, limits: RenderLimits
  ) throws -> Double {
    let budget = try #require(limits.processorTime(forInputBytes: request.input.count))
    let before = try #require(ProcessorTime.used(by: worker.processID))
    let answer = try worker.exchange(
      request.encoded(), caps: WorkerCaps(limits: limits, inputBytes: request.input.count),
      before: .now.advanced(by: limits.deadline * 10), processorTime: budget)
    answer.deallocate()
    let used = try #require(ProcessorTime.used(by: worker.processID)) - before
    return used / budget
  }

  @Test(
    "benign Markdown stays far from its scaled deadline, as HTML and as a document",
    arguments: EngineRegistry.builtIn.engineIDs)
  func markdown(engineID: String) throws {
    let limits = RenderLimits()
    let worker = try WorkerPool(locating: nil, warming: engineID).spawn()
    defer { worker.stop() }
    var largest = Share(share: 0, name: "none")
    for document in try Self.markdownDocuments() {
      for output in [WorkerRequest.Output.fragment, .document] {
        let request = WorkerRequest(
          .markdown, to: output, engineID: engineID, options: RenderOptions(),
          input: .text(document.text))
        let share = try Self.share(of: request, on: worker, limits: limits)
        if share > largest.share {
          largest = Share(share: share, name: "\(document.name), \(output)")
        }
      }
    }
    print("\(engineID): the largest share of a benign document was \(largest)")
    #expect(largest.share < Self.largestShare, "\(engineID): \(largest)")
  }

  @Test("benign HTML (every html5lib input, and progit as one page) stays far from its deadline")
  func html() throws {
    struct Oracle: Decodable {
      struct Case: Decodable { var html: String }
      var cases: [Case]
    }
    let oracle = try JSONDecoder().decode(
      Oracle.self, from: SharedFixtures.data("browser/html5lib-innertext.json"))
    let progit = try String(decoding: SharedFixtures.data("corpus/progit.md"), as: UTF8.self)
    let page = try CMarkEngine().render(progit, options: RenderOptions()).html
    let limits = RenderLimits()
    let worker = try WorkerPool(locating: nil).spawn()
    defer { worker.stop() }
    var largest = Share(share: 0, name: "none")
    for (index, html) in (oracle.cases.map(\.html) + [page]).enumerated() {
      let request = WorkerRequest(
        .html, to: .document, engineID: "", options: RenderOptions(),
        input: .bytes(Data(html.utf8)))
      let share = try Self.share(of: request, on: worker, limits: limits)
      if share > largest.share { largest = Share(share: share, name: "HTML input \(index)") }
    }
    print("html import: the largest share of a benign document was \(largest)")
    #expect(largest.share < Self.largestShare, "\(largest)")
  }
}
