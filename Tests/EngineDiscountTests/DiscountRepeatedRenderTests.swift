import EngineDiscount
import RenderCore
import Testing

/// Discount in a long-lived process (a reused worker): the same document takes the same time
/// on its tenth render as on its first. Before the allocator's threshold was fixed, Discount's
/// output buffer was copied on each of its 100-byte `realloc` steps once earlier large frees
/// had raised glibc's mmap threshold, and a second render of a 44 MB document took 33 times
/// the first.
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
    // A generous bound on a ratio of two timings in one process: the bad case was 20–30×.
    let lastRuns = durations.suffix(3).sorted()
    #expect(lastRuns[1] <= durations[0] * 3, "\(durations)")
  }
}
