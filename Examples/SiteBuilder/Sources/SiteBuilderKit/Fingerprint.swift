/// A stable 64-bit FNV-1a hash: the same bytes give the same value in every run, which
/// Swift's `Hasher` (seeded per process) does not.
struct Fingerprint: Sendable, Hashable, Codable, CustomStringConvertible {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  init() {}

  init(_ parts: [some Sequence<UInt8>]) {
    for part in parts { combine(part) }
  }

  mutating func combine(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x100_0000_01b3
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    value ^= 0xff
    value &*= 0x100_0000_01b3
  }

  var description: String { String(value, radix: 16) }
}
