import Foundation

/// Pins glibc's allocator to one behaviour for the whole run, so that figures do not depend
/// on what ran before in the process.
///
/// By default glibc serves blocks above a threshold with fresh `mmap` pages (grown in place
/// with `mremap`) and reuses smaller ones from the heap; each free of an `mmap`ped block
/// raises the threshold, up to 32 MB. Measured here: after cmark had run (raising the
/// threshold), Discount's output buffer, grown by `realloc` in small steps, stayed in the
/// heap and was copied on each step, and its 4× scaling run took 2 s to 25 s on the same
/// input. Pinning the threshold (which disables the adjustment) gives every size and
/// every engine the same allocator.
enum AllocatorTuning {
  /// glibc's `M_MMAP_THRESHOLD` (from `<malloc.h>`, which Swift's Glibc module does not map).
  private static let mmapThresholdParameter: Int32 = -3
  /// glibc's initial threshold: blocks of 128 KiB and more are `mmap`ped.
  private static let threshold: Int32 = 128 * 1024

  /// Returns the heap's free memory to the system (`malloc_trim(0)`), so the next path
  /// starts from a heap like a fresh process's rather than one shaped by the previous path.
  static func releaseFreeMemory() {
    #if os(Linux)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    #endif
  }

  /// Pins the `mmap` threshold at glibc's initial 128 KiB; does nothing on other C libraries.
  static func pinMmapThreshold() {
    #if os(Linux)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThresholdParameter, threshold)
    #endif
  }
}
