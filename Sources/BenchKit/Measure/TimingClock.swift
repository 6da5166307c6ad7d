/// Which clock times the measured work.
package enum TimingClock: String, Sendable, Hashable, Codable, CaseIterable {
  /// Elapsed time on the monotonic clock (`ContinuousClock`): what a user waits for.
  case wall
  /// The process's CPU time (`CLOCK_PROCESS_CPUTIME_ID`, user plus system, every thread,
  /// so Discount's own large-stack thread counts): on a shared machine, time other
  /// processes take the core away is not counted. Parallel runs always use the wall clock,
  /// since their point is elapsed time.
  case cpu
}
