/// Times two pieces of work alternately, run after run, so that a machine getting slower or
/// faster during the run (other processes, frequency changes) affects both alike.
///
/// Even runs time `first` then `second`, odd runs the reverse; warm-up runs are discarded.
struct InterleavedTimings: Sendable {
  /// Seconds per measured run of the first piece of work.
  var first: [Double] = []
  /// Seconds per measured run of the second piece of work.
  var second: [Double] = []

  /// Measures `first` and `second` `runs` times each after `warmup` unmeasured runs.
  init(
    runs: Int, warmup: Int, stopwatch: Stopwatch, first firstWork: () throws -> Int,
    second secondWork: () throws -> Int
  ) rethrows {
    var sink = 0
    for run in 0..<(warmup + runs) {
      let firstSeconds: Double
      let secondSeconds: Double
      if run % 2 == 0 {
        firstSeconds = try stopwatch.seconds(firstWork, sink: &sink)
        secondSeconds = try stopwatch.seconds(secondWork, sink: &sink)
      } else {
        secondSeconds = try stopwatch.seconds(secondWork, sink: &sink)
        firstSeconds = try stopwatch.seconds(firstWork, sink: &sink)
      }
      guard run >= warmup else { continue }
      first.append(firstSeconds)
      second.append(secondSeconds)
    }
    // Keeps the results observable, so no optimiser can prove the work unused.
    if sink == Int.min { print(sink) }
  }

  /// Seconds per measured run of one piece of work, after `warmup` unmeasured runs.
  static func single(
    runs: Int, warmup: Int, stopwatch: Stopwatch, _ work: () throws -> Int
  ) rethrows -> [Double] {
    var sink = 0
    var seconds: [Double] = []
    for run in 0..<(warmup + runs) {
      let elapsed = try stopwatch.seconds(work, sink: &sink)
      if run >= warmup { seconds.append(elapsed) }
    }
    if sink == Int.min { print(sink) }
    return seconds
  }

  /// For each measured run, the second's time over the first's, which is the first's
  /// throughput over the second's (below 1 when the first is slower). The median of these is the tool's ratio figure,
  /// because pairing runs cancels drift that separate medians would keep.
  var pairedRatios: [Double] {
    zip(first, second).map { first, second in first > 0 ? second / first : 0 }
  }

  /// MB/s (10⁶ bytes per second) for each time in `seconds`.
  static func megabytesPerSecond(_ seconds: [Double], bytes: Int) -> [Double] {
    seconds.map { $0 > 0 ? Double(bytes) / 1e6 / $0 : 0 }
  }
}
