/// Which clock times the measured work.
package enum TimingClock: String, Sendable, Hashable, Codable, CaseIterable {
  /// Elapsed time on the monotonic clock (`ContinuousClock`): what a user waits for.
  case wall
  /// The measuring thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, user plus system): on a
  /// shared machine, time other processes take the core away is not counted. Parallel
  /// runs always use the wall clock, since their point is elapsed time.
  case cpu
}
