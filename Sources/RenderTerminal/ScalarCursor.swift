import RenderText

/// Turns Unicode scalar offsets into UTF-8 byte offsets by walking forward from the last one,
/// so reading a text's blocks in order costs one pass, not one pass per block.
struct ScalarCursor {
  private var byteOffset = 0
  private var offset = 0

  /// The byte offset of the scalar at `target` in the UTF-8 `bytes` (their count past the
  /// last scalar). Walking back starts over from the beginning, which in-order reading never
  /// does.
  mutating func byteOffset(at target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    if target < offset {
      byteOffset = 0
      offset = 0
    }
    let count = bytes.count
    // `target - offset` scalars take at least as many bytes: count the scalars that start in
    // that many (every byte that does not continue one, 10xxxxxx), and go on from there.
    while offset < target, byteOffset < count {
      let end = min(count, byteOffset + target - offset)
      offset += UTF8Scalars.count(in: UnsafeBufferPointer(rebasing: bytes[byteOffset..<end]))
      byteOffset = end
    }
    // The continuation bytes of the last scalar counted belong to it.
    while byteOffset < count, bytes[byteOffset] & 0xC0 == 0x80 { byteOffset += 1 }
    offset = target
    return byteOffset
  }
}
