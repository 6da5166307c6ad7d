import Foundation

/// glibc's mmap threshold, fixed at its default (128 KiB) for a process that renders large
/// documents: every block above it is mapped on its own, grows by `mremap` without copying,
/// and goes back to the system the moment it is freed.
///
/// Left to itself, glibc raises the threshold each time a large block is freed (up to 32 MB).
/// After that, large buffers live in the heap, where a buffer grown by `realloc` can seldom
/// grow in place and is copied on most steps (Discount grows its output 100 bytes at a time:
/// a second render of a 44 MB document in one process took 40 s instead of 1.2 s), and where
/// freed megabytes stay resident (a worker that freed an 11 MB input grew cmark's output in
/// the heap beside it).
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
