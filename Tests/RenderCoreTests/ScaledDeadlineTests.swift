import RenderCore
import Testing

@Suite struct ScaledDeadlineTests {
  @Test("by default a render may use a base plus a rate per megabyte, at most the deadline")
  func defaultScales() throws {
    let limits = RenderLimits()
    let scale = try #require(limits.scaledDeadline)
    #expect(scale == .default)
    #expect(limits.processorTime(forInputBytes: 0) == scale.base)
    let twoMegabytes = try #require(limits.processorTime(forInputBytes: 2_000_000))
    #expect(twoMegabytes == scale.base + scale.perMegabyte * 2)
    let small = try #require(limits.processorTime(forInputBytes: 100_000))
    #expect(small > scale.base && small < twoMegabytes)
    #expect(limits.processorTime(forInputBytes: 1 << 40) == limits.deadline)
  }

  @Test("a deadline the caller sets is fixed: the scaled deadline is off")
  func callersDeadlineWins() {
    #expect(RenderLimits(deadline: .seconds(30)).scaledDeadline == nil)
    #expect(RenderLimits(deadline: .seconds(30)).processorTime(forInputBytes: 1_000) == nil)
    var limits = RenderLimits()
    limits.deadline = .seconds(2)
    #expect(limits.scaledDeadline == nil)
    limits.scaledDeadline = .default
    #expect(limits.processorTime(forInputBytes: 1 << 40) == .seconds(2))
  }
}
