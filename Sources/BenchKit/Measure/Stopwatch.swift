/// Times work on the monotonic clock, in seconds.
enum Stopwatch {
  /// How long `work` took, in seconds; its result is handed to `sink` so the optimiser
  /// cannot drop the work.
  static func seconds(_ work: () throws -> Int, sink: inout Int) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try work()
    let elapsed = clock.now - start
    sink &+= result
    let (wholeSeconds, attoseconds) = elapsed.components
    return Double(wholeSeconds) + Double(attoseconds) * 1e-18
  }
}
