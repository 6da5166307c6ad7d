import EngineDiscount
import RenderCore
import Testing

/// Discount in a long-lived process (a reused worker): the same document takes the same time
/// on its tenth render as on its first. Discount grows its output by each block it appends;
/// once earlier large frees have raised glibc's mmap threshold, such a buffer can be copied on
/// most steps, and a later render of a large document then takes many times the first.
/// `DiscountBufferGrowthTests` holds that cause without a clock.
struct DiscountRepeatedRenderTests {
  @Test func tenthRenderOfALargeDocumentIsNotSlowerThanTheFirst() throws {
    let paragraph = "Paragraph with *emphasis*, `code` and a [link](https://example.com).\n\n"
    let count = 1024 * 1024 / paragraph.utf8.count
    let markdown = String(repeating: paragraph, count: count)
    let engine = DiscountEngine()
    let clock = ContinuousClock()
    var durations: [Duration] = []
    var html: HTMLFragment?
    for _ in 0..<10 {
      durations.append(
        clock.measure { html = try? engine.render(markdown, options: RenderOptions()) })
    }
    #expect(html?.html.components(separatedBy: "<em>emphasis</em>").count == count + 1)
    // A generous bound on a ratio of two timings in one process, still far below what copying
    // on most steps costs.
    let lastRuns = durations.suffix(3).sorted()
    #expect(lastRuns[1] <= durations[0] * 3, "\(durations)")
  }
}
