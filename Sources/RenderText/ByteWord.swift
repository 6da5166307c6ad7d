/// Eight bytes of text read as one word, so that long text is scanned eight bytes a step.
///
/// Each test marks the bytes it finds by their top bit, computed so that no byte carries into
/// the next: a mark is exact, never set by a neighbour.
struct ByteWord {
  private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let topBits: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes, the first lowest.
  let value: UInt64

  /// The eight bytes of `bytes` at `offset` (at least eight remain there).
  init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    value = UInt64(
      littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
  }

  /// Marks the bytes equal to `byte`: those that are zero once `byte` is taken away, where
  /// adding 0x7F to the low seven bits leaves the top bit clear and there is none of its own.
  func marks(_ byte: UInt8) -> UInt64 {
    let rest = value ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    return ~(((rest & Self.lowBits) &+ Self.lowBits) | rest) & Self.topBits
  }

  /// Marks the bytes below 0x20, the control characters (every white space but the space):
  /// adding 0x60 to the low seven bits carries into the top bit from 0x20 up.
  var controls: UInt64 {
    ~(((value & Self.lowBits) &+ 0x6060_6060_6060_6060) | value) & Self.topBits
  }

  /// The number of Unicode scalars that start in the word: its bytes that do not continue one
  /// (`10xxxxxx`), summed by one multiplication into the top byte.
  var scalarStarts: Int {
    let continuations = (value & ~(value &<< 1) & Self.topBits) &>> 7
    return 8 - Int((continuations &* 0x0101_0101_0101_0101) &>> 56)
  }
}
