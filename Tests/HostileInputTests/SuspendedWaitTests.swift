import Foundation
import RenderCore
import Testing

@testable import RenderKit

/// Waiting for a worker suspends the task: hostile documents hold no thread of Swift's
/// cooperative pool, so the other renders of the app go on while they run.
@Suite struct SuspendedWaitTests {
  /// cmark 0.30.2 runs for minutes on this (cmark's "empty lines in deeply nested lists").
  static let hostile =
    String(repeating: "- ", count: 30_000) + "x" + String(repeating: "\n", count: 30_000)

  @Test("32 concurrent renders, 4 hostile: the 28 others finish while the hostile ones still run")
  func othersFinishFirst() async throws {
    // The ordinary renders' wall-clock deadline is as long as the hostile ones': on a test
    // machine running other suites, starting 28 workers may take longer than the default.
    // Their memory cap is wide too: the subject is order, and under the whole suite a worker
    // of a one-line document was once sampled past the default cap (the cap has its own tests).
    var configuration = RenderConfiguration()
    configuration.limits = RenderLimits(deadline: .seconds(45))
    configuration.limits.maximumWorkerMemoryBytes = 8 << 30
    let renderer = try Renderer(configuration: configuration)
    // The hostile four wait on workers that never answer (they sleep, burning no CPU), so a
    // long deadline costs the suite no time; in CI, with every suite's synchronous tests
    // holding the cooperative pool's two threads, 28 worker starts took over 30 s.
    let hostileEngine = try IsolatedEngine(
      engineID: "cmark-gfm", limits: RenderLimits(deadline: .seconds(45)),
      workerExecutable: WorkerScripts.hanging)
    let documents = (0..<32).map { index in
      index % 8 == 0 ? Self.hostile : "# Document \(index)\n\nSome *text* for \(index).\n"
    }
    // The group hands results over in the order the tasks finish.
    let (results, order) = await withTaskGroup(of: (Int, Result<HTMLFragment, RenderError>).self) {
      group in
      for (index, document) in documents.enumerated() {
        group.addTask {
          let result: Result<HTMLFragment, RenderError>
          do throws(RenderError) {
            result =
              index % 8 == 0
              ? .success(try await hostileEngine.suspendingRender(document, options: .init()))
              : .success(
                try await renderer.run(RenderJob(.markdown(document), to: .fragment)).fragment!)
          } catch {
            result = .failure(error)
          }
          return (index, result)
        }
      }
      var results: [Int: Result<HTMLFragment, RenderError>] = [:]
      var order: [Bool] = []
      for await (index, result) in group {
        results[index] = result
        order.append(index % 8 == 0)
      }
      return (results, order)
    }
    #expect(order.count == 32)
    // Every ordinary render completed before the first hostile one was stopped.
    #expect(order.prefix(28).allSatisfy { !$0 })
    for (index, result) in results {
      switch result {
      case .success(let fragment):
        #expect(
          index % 8 != 0 && fragment.html.hasPrefix("<h1")
            && fragment.html.contains(">Document \(index)</h1>"))
      case .failure(let error):
        #expect(index % 8 == 0, "render \(index) failed: \(error)")
        #expect(
          index % 8 != 0 || error == .deadlineExceeded(engine: "cmark-gfm", seconds: 45),
          "hostile render \(index) failed otherwise: \(error)")
      }
    }
  }

}
