import RenderKit

/// Measures how a path's time grows when every document is 2, 4 and 8 times longer.
///
/// Each run times every size, in alternating order, so drift affects all sizes alike; the
/// ratios are of median times.
struct ScalingBenchmark {
  /// The input sizes, as multiples of the corpus.
  static let factors = [1, 2, 4, 8]

  /// Measured runs per size.
  let runs: Int
  /// The clock the runs are timed on.
  let stopwatch: Stopwatch

  /// The ratios for `path`, given the inputs at each of ``factors`` and the work to time.
  func measure(
    path: String, inputs: [[PreparedDocument]], work: ([PreparedDocument]) throws -> Int
  ) throws -> ScalingFigures {
    var seconds = Array(repeating: [Double](), count: Self.factors.count)
    var sink = 0
    // One unmeasured pass at 1× loads code and caches, as the other benchmarks' warm-up does.
    _ = try stopwatch.seconds({ try work(inputs[0]) }, sink: &sink)
    for run in 0..<runs {
      let order = run % 2 == 0 ? Array(inputs.indices) : inputs.indices.reversed()
      for index in order {
        // Each size starts from a heap like a fresh process's: the previous size's freed
        // blocks would otherwise be timed with this one (glibc keeps them, and raises its
        // mmap threshold as large blocks are freed).
        Allocator.returnFreePages()
        seconds[index].append(try stopwatch.seconds({ try work(inputs[index]) }, sink: &sink))
      }
    }
    if sink == Int.min { print(sink) }
    let medians = seconds.map { SampleStatistics($0)?.median ?? 0 }
    func ratio(_ index: Int) -> Double { medians[0] > 0 ? medians[index] / medians[0] : 0 }
    return ScalingFigures(engine: path, ratio2x: ratio(1), ratio4x: ratio(2), ratio8x: ratio(3))
  }
}
