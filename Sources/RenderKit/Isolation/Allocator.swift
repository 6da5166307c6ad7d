import Foundation

/// glibc's allocator in a process that renders large documents one after another (the
/// worker): its mmap threshold fixed, and free heap pages handed back between the stages of
/// one render. Both are found at run time and do nothing on another C library. Settings for the
/// whole process, so only the worker, which owns its process, makes them (renderbench, which
/// owns its own, returns free pages between the sizes it measures).
package enum Allocator {
  /// Fixes glibc's mmap threshold at its default (128 KiB), so that every block above it is
  /// mapped on its own and goes back to the system the moment it is freed. Later calls
  /// change nothing.
  ///
  /// Left to itself, glibc raises the threshold each time a large block is freed (up to 32 MB).
  /// After that, large buffers live in the heap, where freed megabytes stay resident (a freed
  /// input's pages beside the output that grows after it) and a buffer grown by `realloc` is
  /// copied whenever it cannot grow in place. (Discount's buffers, which grow by each append,
  /// grow geometrically whatever the threshold: see CDiscountGrowth.)
  package static func fixThreshold() {
    #if os(Linux)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
      guard let symbol = dlsym(nil, "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 * 1024)
    #endif
  }

  /// Grows the heap by about `bytes` at once, before a parse that fills it with small blocks
  /// (MyHTML's tree), and asks for huge pages on what it grew by: the parse then takes one
  /// page fault per 2 MiB instead of one per 4 KiB page, and glibc one `brk` instead of
  /// hundreds. The growth is kept (not trimmed) until ``releaseHeapReservation()``. Does
  /// nothing when the heap cannot grow that far (the memory cap): later growth is as before.
  /// Returns whether it changed the settings: only then is there a reservation to release.
  package static func reserveHeap(_ bytes: Int) -> Bool {
    #if os(Linux)
      // Below two huge pages there is nothing to advise.
      guard bytes >= 4 << 20, let mallopt = Self.mallopt else { return false }
      let start = sbrk(0)
      _ = mallopt(trimThreshold, Int32(clamping: 2 * bytes))
      _ = mallopt(topPad, Int32(clamping: bytes))
      // A block under the mmap threshold that the free space cannot hold makes glibc grow the
      // heap, by the pad beside it; the pad is restored at once, so that a heap the cap stops
      // is not asked for it again.
      var blocks: [UnsafeMutableRawPointer] = []
      while blocks.count < 64, sbrk(0) == start, let block = malloc(64 * 1024) {
        blocks.append(block)
      }
      _ = mallopt(topPad, Int32(defaultPad))
      for block in blocks { free(block) }
      if let start, let end = sbrk(0), end > start {
        HugePages.advise(start, count: end - start)
      }
      return true
    #else
      return false
    #endif
  }

  /// Ends ``reserveHeap(_:)``: glibc's default trim threshold again, and the heap's free
  /// pages handed back, so that an idle worker does not keep a large document's heap.
  package static func releaseHeapReservation() {
    #if os(Linux)
      guard let mallopt = Self.mallopt else { return }
      _ = mallopt(trimThreshold, Int32(defaultPad))
      returnFreePages()
    #endif
  }

  #if os(Linux)
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private static let mallopt: Mallopt? = dlsym(nil, "mallopt").map {
      unsafeBitCast($0, to: Mallopt.self)
    }
    private static let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in <malloc.h>
    private static let topPad: Int32 = -2  // M_TOP_PAD in <malloc.h>
    /// glibc's default top pad and trim threshold.
    private static let defaultPad = 128 * 1024
  #endif

  /// Hands the heap's free pages back to the system (`malloc_trim`): after a parse whose
  /// tree of small blocks is freed, so that the stages after it, whose large buffers are
  /// mapped afresh under the fixed threshold, do not sit beside a heap of freed megabytes
  /// and raise the worker's peak memory.
  package static func returnFreePages() {
    #if os(Linux)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    #endif
  }
}
