import Foundation
import RenderCore

/// Measures the speed-up of rendering chapters on several threads over one thread.
///
/// Chapters are shared out by size (largest first, each to the least-loaded thread), and
/// the one-thread run also runs on a spawned thread, so both sides pay the same costs.
struct ParallelBenchmark {
  /// Threads for the parallel side.
  let jobs: Int

  /// Time on one thread over time on ``jobs`` threads (the median of `runs` interleaved
  /// runs after `warmup`), and the cores the parallel runs actually got: process CPU time
  /// over wall time during them (near ``jobs`` on an idle machine, near 1 when other
  /// processes hold the cores).
  func measure(
    _ chapters: [PreparedDocument], runs: Int, warmup: Int,
    work: @escaping @Sendable (PreparedDocument) throws -> Int
  ) throws -> (speedup: Double, parallelism: Double) {
    let single = [chapters]
    let shared = Self.balanced(chapters, into: jobs)
    var cpuSeconds = 0.0
    var wallSeconds = 0.0
    let timings = try InterleavedTimings(
      runs: runs, warmup: warmup, stopwatch: Stopwatch(clock: .wall),
      first: {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = Stopwatch.processCPUSeconds()
        let total = try Self.run(shared, work: work)
        cpuSeconds += Stopwatch.processCPUSeconds() - cpuStart
        let (seconds, attoseconds) = (clock.now - start).components
        wallSeconds += Double(seconds) + Double(attoseconds) * 1e-18
        return total
      },
      second: { try Self.run(single, work: work) })
    let speedup = SampleStatistics(timings.pairedRatios)!.median
    return (speedup, wallSeconds > 0 ? cpuSeconds / wallSeconds : 0)
  }

  /// `chapters` shared among `count` groups of about equal size in bytes.
  static func balanced(_ chapters: [PreparedDocument], into count: Int) -> [[PreparedDocument]] {
    var groups = Array(repeating: [PreparedDocument](), count: max(1, count))
    var loads = Array(repeating: 0, count: groups.count)
    for chapter in chapters.sorted(by: { $0.byteCount > $1.byteCount }) {
      let lightest = loads.indices.min { loads[$0] < loads[$1] }!
      groups[lightest].append(chapter)
      loads[lightest] += chapter.byteCount
    }
    return groups
  }

  /// Runs each group on its own thread (with a large stack, as deep documents need) and
  /// waits for all; the sum of the results, or the first error thrown.
  static func run(
    _ groups: [[PreparedDocument]], work: @escaping @Sendable (PreparedDocument) throws -> Int
  ) throws -> Int {
    let outcome = Locked<(total: Int, error: (any Error)?)>((0, nil))
    let finished = DispatchSemaphore(value: 0)
    for group in groups {
      let thread = Thread {
        var total = 0
        var failure: (any Error)?
        do {
          for chapter in group { total &+= try work(chapter) }
        } catch {
          failure = error
        }
        outcome.withLock { state in
          state.total &+= total
          if state.error == nil { state.error = failure }
        }
        finished.signal()
      }
      thread.stackSize = 64 << 20
      thread.start()
    }
    for _ in groups { finished.wait() }
    let (total, error) = outcome.withLock { ($0.total, $0.error) }
    if let error { throw error }
    return total
  }
}
