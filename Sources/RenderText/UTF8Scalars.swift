/// Counts the Unicode scalars in valid UTF-8: every byte that does not continue a scalar
/// (`10xxxxxx`) starts one.
package enum UTF8Scalars {
  /// The number of scalars in `bytes`.
  ///
  /// Eight bytes are read at a time: a continuation byte is one whose top bit is set and whose
  /// next bit is clear, so one mask over the word marks them all, and the marks are summed in
  /// the word's eight byte lanes (without a population count, which the baseline x86-64 target
  /// lacks). Every byte of the text that styled text and terminal output are built from is
  /// counted here, so a loop per byte would weigh on both.
  package static func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let total = bytes.count
    var continuations = 0
    var index = 0
    while total - index >= 8 {
      // At most 255 words a round, so that no lane overflows.
      let words = min((total - index) / 8, 255)
      var lanes: UInt64 = 0
      for word in 0..<words {
        let value = UnsafeRawPointer(base + (index &+ 8 &* word)).loadUnaligned(as: UInt64.self)
        // Shifted left by one, each byte's second bit sits where its top bit is.
        lanes &+= (value & ~(value &<< 1) & 0x8080_8080_8080_8080) &>> 7
      }
      // Pairs of lanes into four 16-bit ones (up to 510 each), then their sum in the top 16.
      let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes &>> 8) & 0x00FF_00FF_00FF_00FF)
      continuations += Int((pairs &* 0x0001_0001_0001_0001) &>> 48)
      index += 8 * words
    }
    while index < total {
      if base[index] & 0xC0 == 0x80 { continuations += 1 }
      index += 1
    }
    return total - continuations
  }
}
