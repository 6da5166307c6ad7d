import CParseArena
import Testing

/// The parse arena cmark and cmark-gfm allocate in (`ParseArena.h`): blocks keep their bytes as
/// they grow and move, freed blocks are reused, large blocks go back when freed, and an output
/// taken out outlives the arena.
@Suite struct ParseArenaTests {
  /// Runs `body` in a fresh arena entered on this thread.
  private func inArena(_ body: (OpaquePointer) -> Void) {
    guard let arena = parse_arena_create() else {
      Issue.record("no arena")
      return
    }
    parse_arena_enter(arena)
    body(arena)
    parse_arena_enter(nil)
    parse_arena_destroy(arena)
  }

  private func fill(_ block: UnsafeMutableRawPointer, count: Int) {
    for index in 0..<count {
      block.storeBytes(
        of: UInt8(truncatingIfNeeded: index * 7 + 1), toByteOffset: index, as: UInt8.self)
    }
  }

  private func holdsFill(_ block: UnsafeMutableRawPointer, count: Int) -> Bool {
    (0..<count).allSatisfy {
      block.load(fromByteOffset: $0, as: UInt8.self) == UInt8(truncatingIfNeeded: $0 * 7 + 1)
    }
  }

  private func isZeroed(_ block: UnsafeMutableRawPointer, count: Int) -> Bool {
    (0..<count).allSatisfy { block.load(fromByteOffset: $0, as: UInt8.self) == 0 }
  }

  @Test func aBlockKeepsItsBytesAsItGrowsInPlaceMovesAndBecomesLarge() throws {
    inArena { _ in
      guard var block = parse_arena_calloc(1, 40) else { return #expect(Bool(false)) }
      #expect(isZeroed(block, count: 40))
      fill(block, count: 40)
      // The chunk's last block grows where it is.
      let grown = parse_arena_realloc(block, 100)
      #expect(grown == block)
      block = grown!
      #expect(holdsFill(block, count: 40))
      fill(block, count: 100)
      // With another block after it, it moves.
      let neighbour = parse_arena_calloc(1, 16)
      block = parse_arena_realloc(block, 200)!
      #expect(block != grown)
      #expect(holdsFill(block, count: 100))
      fill(block, count: 200)
      // Past the small limit it comes from malloc, and grows there.
      block = parse_arena_realloc(block, Int(PARSE_ARENA_SMALL_LIMIT) + 1)!
      #expect(holdsFill(block, count: 200))
      fill(block, count: Int(PARSE_ARENA_SMALL_LIMIT) + 1)
      block = parse_arena_realloc(block, 1 << 20)!
      #expect(holdsFill(block, count: Int(PARSE_ARENA_SMALL_LIMIT) + 1))
      parse_arena_free(block)
      parse_arena_free(neighbour)
    }
  }

  @Test func aFreedBlockServesALaterSmallerRequestZeroed() {
    inArena { arena in
      guard let text = parse_arena_calloc(1, 1000) else { return #expect(Bool(false)) }
      fill(text, count: 1000)
      let footprint = parse_arena_footprint(arena)
      parse_arena_free(text)
      // A node after a paragraph's freed text buffer takes the buffer's start, and the rest of
      // the buffer serves the next one: no new memory.
      let first = parse_arena_calloc(1, 112)
      let second = parse_arena_calloc(1, 112)
      #expect(first == text)
      #expect(second != nil && second != first)
      #expect(first.map { isZeroed($0, count: 112) } == true)
      #expect(second.map { isZeroed($0, count: 112) } == true)
      #expect(parse_arena_footprint(arena) == footprint)
    }
  }

  @Test func aLargeBlockGoesBackWhenFreedOrTaken() throws {
    let arena = try #require(parse_arena_create())
    parse_arena_enter(arena)
    let size = Int(PARSE_ARENA_SMALL_LIMIT) * 4
    let freed = try #require(parse_arena_calloc(1, size))
    let kept = try #require(parse_arena_calloc(1, size))
    #expect(isZeroed(freed, count: size))
    #expect(parse_arena_footprint(arena) == 2 * size)
    parse_arena_free(freed)
    #expect(parse_arena_footprint(arena) == size)
    // A block taken out (the HTML output) leaves as it is, and outlives the arena.
    fill(kept, count: size)
    #expect(parse_arena_take(kept) == kept)
    #expect(parse_arena_footprint(arena) == 0)
    parse_arena_enter(nil)
    parse_arena_destroy(arena)
    #expect(holdsFill(kept, count: size))
    parse_arena_free_taken(kept)
  }

  @Test func aSmallBlockTakenOutIsCopied() throws {
    let arena = try #require(parse_arena_create())
    let caller = parse_arena_enter(arena)
    #expect(caller == nil)
    let block = try #require(parse_arena_calloc(1, 64))
    fill(block, count: 64)
    let taken = parse_arena_take(block)
    #expect(taken != block)
    // The small block went back to the arena: the next request of its size gets it.
    #expect(parse_arena_calloc(1, 64) == block)
    #expect(parse_arena_enter(nil) == arena)
    parse_arena_destroy(arena)
    #expect(holdsFill(taken, count: 64))
    parse_arena_free_taken(taken)
  }
}
