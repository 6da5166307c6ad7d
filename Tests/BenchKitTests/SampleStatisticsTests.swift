import BenchKit
import Testing

@Suite struct SampleStatisticsTests {
  @Test func oddCountTakesTheMiddleSample() {
    let statistics = SampleStatistics([5, 1, 3])
    #expect(statistics == SampleStatistics(median: 3, min: 1, max: 5))
  }

  @Test func evenCountAveragesTheTwoMiddleSamples() {
    let statistics = SampleStatistics([4, 1, 3, 10])
    #expect(statistics == SampleStatistics(median: 3.5, min: 1, max: 10))
  }

  @Test func singleSampleIsAllThree() {
    #expect(SampleStatistics([2.5]) == SampleStatistics(median: 2.5, min: 2.5, max: 2.5))
  }

  @Test func noSamplesGiveNothing() {
    #expect(SampleStatistics([]) == nil)
  }
}
