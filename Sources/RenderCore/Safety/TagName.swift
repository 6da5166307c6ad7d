/// An element or attribute name, lower-cased, packed for cheap comparison; names longer than
/// 16 bytes never match the vocabulary.
struct TagName: Hashable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  /// Where ``TagNameTable`` looks for the name first: a multiply and a shift of its two words,
  /// no `Hasher`.
  var tableSlot: Int {
    Int(
      truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD) >> 40)
  }

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
