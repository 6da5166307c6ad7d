import Foundation

/// glibc's mmap threshold, fixed at its default (128 KiB) for a process that renders large
/// documents one after another (the worker): every block above it is mapped on its own and goes
/// back to the system the moment it is freed.
///
/// Left to itself, glibc raises the threshold each time a large block is freed (up to 32 MB).
/// After that, large buffers live in the heap, where freed megabytes stay resident (a worker
/// that freed an 11 MB input grew cmark's output in the heap beside it) and a buffer grown by
/// `realloc` is copied whenever it cannot grow in place. (Discount, which grows its buffers by
/// each append, no longer depends on this: see CDiscountGrowth.)
package enum AllocatorThreshold {
  /// Fixes the threshold; later calls change nothing. Only on glibc, found at run time.
  package static func fix() {
    #if os(Linux)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
      guard let symbol = dlsym(nil, "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 * 1024)
    #endif
  }
}
