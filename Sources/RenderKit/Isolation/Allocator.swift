import Foundation
import RenderCore

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
      guard let mallopt = LinuxSystem.function("mallopt", in: nil, as: Mallopt.self)
      else { return }
      _ = mallopt(mmapThreshold, 128 * 1024)
    #endif
  }

  /// Hands the heap's free pages back to the system (`malloc_trim`): after a parse whose
  /// tree of small blocks is freed, so that the stages after it, whose large buffers are
  /// mapped afresh under the fixed threshold, do not sit beside a heap of freed megabytes
  /// and raise the worker's peak memory.
  package static func returnFreePages() {
    #if os(Linux)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let mallocTrim = LinuxSystem.function("malloc_trim", in: nil, as: MallocTrim.self)
      else { return }
      _ = mallocTrim(0)
    #endif
  }
}
