import EngineMD4C
import Foundation
import RenderKit
import TestSupport
import Testing

/// Every pathological input of `../shared/suites/pathological.json` through md4c finishes,
/// run as an untrusted render is: in a worker process stopped at a deadline, so an input that
/// hangs fails its test instead of hanging the run.
///
/// md4c 0.4.8 is not linear on all of them: on "unclosed <!--", "pattern ![[]() repeated",
/// "nested strong emph", "issue #389" and "unclosed links A" its time grows much faster than
/// the input. Hence its descriptor's `isSafeOnHostileInput: false` and a deadline generous
/// enough for the slowest that still stops a hang.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.missing))
struct PathologicalInputTests {
  static let deadline = Duration.seconds(60)

  @Test func theSuiteIsThere() {
    #expect(PathologicalCase.all.count == 25)
    let nested = PathologicalCase.all.first { $0.example == 15 }?.markdown ?? ""
    #expect(nested.hasPrefix("* a\n  * a\n    * a\n") && nested.utf8.count == 251_500)
  }

  @Test("md4c in a worker finishes within the deadline", arguments: PathologicalCase.all)
  func finishesInAWorker(_ pathological: PathologicalCase) throws {
    let engine = try IsolatedEngine(engineID: "md4c", limits: RenderLimits(deadline: Self.deadline))
    let fragment = try engine.render(pathological.markdown, options: RenderOptions())
    #expect(fragment.utf8Count > 0)
    #expect(fragment.html.hasSuffix("\n"))
  }
}
