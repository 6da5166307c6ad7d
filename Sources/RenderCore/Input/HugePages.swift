import Foundation

/// Asks the kernel to back a large, fresh buffer with transparent huge pages (2 MiB) where it
/// allows them on request (`madvise` mode): filling the buffer then takes one page fault per
/// huge page instead of one per 4 KiB page.
package enum HugePages {
  /// The size of a huge page on x86-64 and arm64 with 4 KiB pages.
  static let size = 2 << 20

  /// Advises the huge-page-aligned part of the `count` bytes at `start`; buffers smaller than
  /// two huge pages are left alone, as the advice could only waste memory there.
  package static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
    #if os(Linux)
      guard count >= 2 * size else { return }
      let address = UInt(bitPattern: start)
      let first = (address + UInt(size) - 1) & ~UInt(size - 1)
      let end = (address + UInt(count)) & ~UInt(size - 1)
      guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      LinuxSystem.adviseHugePages(aligned, count: Int(end - first))
    #endif
  }
}
