import Foundation

/// Times work in seconds on a ``TimingClock``.
struct Stopwatch: Sendable {
  /// The clock read before and after the work.
  let clock: TimingClock

  /// How long `work` took, in seconds; its result is added to `sink` so the optimiser
  /// cannot drop the work.
  func seconds(_ work: () throws -> Int, sink: inout Int) rethrows -> Double {
    switch clock {
    case .wall:
      let clock = ContinuousClock()
      let start = clock.now
      sink &+= try work()
      let (wholeSeconds, attoseconds) = (clock.now - start).components
      return Double(wholeSeconds) + Double(attoseconds) * 1e-18
    case .cpu:
      let start = Self.processCPUSeconds()
      sink &+= try work()
      return Self.processCPUSeconds() - start
    }
  }

  /// The clock's reading in seconds, for spans that one closure cannot enclose.
  func now() -> Double {
    switch clock {
    case .wall:
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    case .cpu: return Self.processCPUSeconds()
    }
  }

  /// The CPU time the whole process has used so far, in seconds.
  static func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
