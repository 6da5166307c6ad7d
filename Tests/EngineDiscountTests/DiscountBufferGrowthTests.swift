import EngineDiscount
import RenderCore
import Testing

/// Discount grows every buffer by what it appends; libmarkdown's `realloc` goes through one
/// that grows geometrically (CDiscountGrowth), so a large output moves O(log n) times. Without
/// it each append past a block's end would move the block, which is quadratic in the output.
struct DiscountBufferGrowthTests {
  @Test func aLargeOutputMovesItsBufferLogarithmicallyOften() throws {
    #expect(DiscountEngine.growsGeometrically, "libmarkdown's realloc import was not found")
    let paragraph = "Paragraph with *emphasis*, `code` and a [link](https://example.com).\n\n"
    let count = 4 * 1024 * 1024 / paragraph.utf8.count
    let markdown = String(repeating: paragraph, count: count)
    let before = DiscountEngine.largeReallocations
    let html = try DiscountEngine().render(markdown, options: RenderOptions())
    let moves = DiscountEngine.largeReallocations - before
    // Megabytes of output, appended block by block: grown by what each append asks, nearly
    // every block would reach the allocator; grown by half, a few dozen at most do. The bound
    // lies far from both.
    #expect(html.html.utf8.count > 4 * 1024 * 1024)
    #expect(moves > 0)
    #expect(moves < 1_000, "\(moves) moves for \(html.html.utf8.count) bytes of output")
  }
}
