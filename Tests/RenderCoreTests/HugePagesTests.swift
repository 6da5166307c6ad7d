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
    let large = try #require(malloc(8 << 20))
    defer { free(large) }
    HugePages.advise(large, count: 8 << 20)
    let size = UInt(HugePages.size)
    let middle = (UInt(bitPattern: large) + size) & ~(size - 1)
    #expect(try Self.flags(at: middle).contains("hg"))
    // The advice splits the mapping: the unaligned head keeps the flags it had.
    #expect(try !Self.flags(at: UInt(bitPattern: large)).contains("hg"))

    let small = try #require(malloc(1 << 20))
    defer { free(small) }
    HugePages.advise(small, count: 1 << 20)
    #expect(try !Self.flags(at: UInt(bitPattern: small)).contains("hg"))
  }
}
