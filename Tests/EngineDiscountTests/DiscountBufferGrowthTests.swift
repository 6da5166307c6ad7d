import EngineDiscount
import RenderCore
import Testing

/// Discount grows every buffer by what it appends; libmarkdown's `realloc` goes through one
/// that grows geometrically (CDiscountGrowth), so a large output moves O(log n) times. Without
/// it each append past a block's end moved the block: 60,387 `mremap` calls at 68 µs in one
/// renderbench scaling run, 8× / 1× at 10.8–16.4.
struct DiscountBufferGrowthTests {
  @Test func aLargeOutputMovesItsBufferLogarithmicallyOften() throws {
    #expect(DiscountEngine.growsGeometrically, "libmarkdown's realloc import was not found")
    let paragraph = "Paragraph with *emphasis*, `code` and a [link](https://example.com).\n\n"
    let count = 4 * 1024 * 1024 / paragraph.utf8.count
    let markdown = String(repeating: paragraph, count: count)
    let before = DiscountEngine.largeReallocations
    let html = try DiscountEngine().render(markdown, options: RenderOptions())
    let moves = DiscountEngine.largeReallocations - before
    // 6.4 MB of output, appended block by block: grown by what each append asks, 187,124 calls
    // reached the allocator (checked); grown by half, 19.
    #expect(html.html.utf8.count > 4 * 1024 * 1024)
    #expect(moves > 0)
    #expect(moves < 1_000, "\(moves) moves for \(html.html.utf8.count) bytes of output")
  }
}
