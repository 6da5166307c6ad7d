/// What running chapters on several threads gains, as `jobs[]` holds it.
package struct JobsFigures: Sendable, Hashable, Codable {
  /// The engine's identifier, or `"import"` for HTML → StyledText.
  package var engine: String
  /// Threads used.
  package var jobs: Int
  /// Time on one thread over time on `jobs` threads (median of interleaved runs).
  package var speedup: Double
  /// The cores the parallel runs got: process CPU time over wall time during them. A
  /// speed-up can only be judged against it: on a busy machine it stays near 1.
  package var parallelism: Double

  /// Creates the figures.
  package init(engine: String, jobs: Int, speedup: Double, parallelism: Double) {
    self.engine = engine
    self.jobs = jobs
    self.speedup = speedup
    self.parallelism = parallelism
  }
}
