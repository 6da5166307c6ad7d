import Foundation
import Testing

@testable import RenderCore

/// Large buffers ask for huge pages on exactly their aligned interior.
@Suite(
  .enabled(
    if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
    "SKIPPED: this kernel has no transparent huge pages"))
struct HugePagesTests {
  /// The `VmFlags` of the mapping in /proc/self/smaps that holds `address`.
  static func flags(at address: UInt) throws -> [Substring] {
    // Read to its end: the file reports no size, and a reader that trusts that stops early.
    let smaps = String(
      decoding: try LimitedInput.read(path: "/proc/self/smaps", maximumBytes: 64 << 20),
      as: UTF8.self)
    var inside = false
    for line in smaps.split(separator: "\n") {
      if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
        let start = UInt(line[..<dash], radix: 16),
        let end = UInt(line[line.index(after: dash)..<space], radix: 16)
      {
        inside = start <= address && address < end
      } else if inside, line.hasPrefix("VmFlags:") {
        return line.dropFirst("VmFlags:".count).split(separator: " ")
      }
    }
    return []
  }

  @Test("an 8 MiB buffer is advised in its aligned middle, a 1 MiB one not at all")
  func advisesLargeBuffersOnly() throws {
    // Fresh mappings, not malloc: memory an allocator hands out again may have been advised
    // by an earlier test, and then the parts that must not be would be.
    let size = HugePages.size
    let mapping = try #require(
      mmap(nil, 12 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
    #expect(mapping != MAP_FAILED)
    defer { munmap(mapping, 12 << 20) }
    // An unaligned start, as malloc gives.
    let aligned = (UInt(bitPattern: mapping) + UInt(size) - 1) & ~UInt(size - 1)
    let large = try #require(UnsafeMutableRawPointer(bitPattern: aligned - 4096))
    HugePages.advise(large, count: 8 << 20)
    #expect(try Self.flags(at: aligned).contains("hg"))
    #expect(try Self.flags(at: aligned + UInt(5 << 20)).contains("hg"))
    // The head before the first huge page, and the tail after the last, are not advised.
    #expect(try !Self.flags(at: aligned - 4096).contains("hg"))
    #expect(try !Self.flags(at: aligned - 4096 + UInt(8 << 20) - 1).contains("hg"))

    let small = try #require(
      mmap(nil, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
    #expect(small != MAP_FAILED)
    defer { munmap(small, 1 << 20) }
    HugePages.advise(small, count: 1 << 20)
    #expect(try !Self.flags(at: UInt(bitPattern: small)).contains("hg"))
  }
}
