import BenchKit
import Testing

@Suite struct BaselineComparisonTests {
  @Test func slowerEnginePastTheThresholdIsARegression() {
    let baseline = ReportSamples.report(cmarkMBps: 80)
    let current = ReportSamples.report(cmarkMBps: 60)
    let regressions = BaselineComparison(thresholdPercent: 10)
      .regressions(current: current, baseline: baseline)
    #expect(regressions.map(\.name) == ["engines.cmark.throughputMBps.median"])
    #expect(regressions.first?.changePercent == -25)
    #expect(regressions.first?.description.contains("80.000 → 60.000 (-25.0 %)") == true)
  }

  @Test func changeWithinTheThresholdPasses() {
    let regressions = BaselineComparison(thresholdPercent: 10).regressions(
      current: ReportSamples.report(cmarkMBps: 75), baseline: ReportSamples.report(cmarkMBps: 80))
    #expect(regressions.isEmpty)
  }

  @Test func fasterIsNeverARegression() {
    let regressions = BaselineComparison(thresholdPercent: 1).regressions(
      current: ReportSamples.report(cmarkMBps: 200), baseline: ReportSamples.report(cmarkMBps: 80))
    #expect(regressions.isEmpty)
  }

  @Test func higherScalingRatioIsARegression() {
    let baseline = ReportSamples.report(cmarkMBps: 80, ratio8x: 8.1)
    let current = ReportSamples.report(cmarkMBps: 80, ratio8x: 9.5)
    let regressions = BaselineComparison(thresholdPercent: 10)
      .regressions(current: current, baseline: baseline)
    #expect(regressions.map(\.name) == ["scaling.cmark.ratio8x"])
  }

  @Test func figuresMissingFromTheBaselineAreSkipped() {
    var baseline = ReportSamples.report(cmarkMBps: 80)
    baseline.engines = []
    let regressions = BaselineComparison(thresholdPercent: 10)
      .regressions(current: ReportSamples.report(cmarkMBps: 1), baseline: baseline)
    #expect(regressions.isEmpty)
  }
}
