/// The median, minimum and maximum of a set of samples (throughputs, times or ratios).
///
/// The median is the middle sample, or the mean of the two middle ones for an even count;
/// it is what the tool reports as "the" figure, because it ignores the odd slow run a shared
/// machine produces.
package struct SampleStatistics: Sendable, Hashable, Codable {
  /// The middle value.
  package var median: Double
  /// The smallest value.
  package var min: Double
  /// The largest value.
  package var max: Double

  /// Creates statistics from known figures.
  package init(median: Double, min: Double, max: Double) {
    self.median = median
    self.min = min
    self.max = max
  }

  /// Summarises `samples`; `nil` when there are none.
  package init?(_ samples: [Double]) {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    min = sorted[0]
    max = sorted[sorted.count - 1]
  }
}
