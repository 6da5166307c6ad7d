import Foundation

/// Lets each scaling run start from a heap shaped like a fresh process's.
///
/// glibc serves large blocks with `mmap` above a threshold that rises each time such a
/// block is freed (up to 32 MB), and keeps freed heap memory for reuse. A size measured
/// after larger ones would otherwise find a heap full of free blocks that the previous
/// size left, and a buffer grown by `realloc` in small steps could be copied on many of
/// them: the run would time the previous size's leftovers, not the engine.
enum AllocatorTuning {
  /// Returns the heap's free memory to the system (`malloc_trim(0)`); does nothing on other
  /// C libraries.
  static func releaseFreeMemory() {
    #if os(Linux)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    #endif
  }
}
