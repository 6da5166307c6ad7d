/// An element or attribute name, lower-cased, packed for cheap comparison; names longer than
/// 16 bytes never match the vocabulary.
struct TagName: Hashable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  init(_ name: String) {
    self.init(Array(name.utf8)[...])
  }

  init(_ bytes: some Collection<UInt8>) {
    guard bytes.count <= 16 else {
      low = .max
      high = .max
      return
    }
    for (offset, byte) in bytes.enumerated() {
      let lowered = UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
      if offset < 8 {
        low |= lowered << (8 * UInt64(offset))
      } else {
        high |= lowered << (8 * UInt64(offset - 8))
      }
    }
  }
}
