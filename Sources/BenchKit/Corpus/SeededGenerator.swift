/// A small deterministic pseudo-random generator (SplitMix64): the same seed gives the same
/// sequence on every machine and Swift version, which `SystemRandomNumberGenerator` does not.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence depends only on `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A value in `range`, derived only from this generator's own bits.
  ///
  /// The standard library's `Int.random(in:using:)` is not promised to draw the same way in
  /// every release, so the corpus uses this instead to stay byte-for-byte reproducible.
  package mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  /// `true` with probability `percent` / 100.
  package mutating func chance(_ percent: Int) -> Bool {
    int(in: 0...99) < percent
  }

  /// One element of `choices`, which must not be empty.
  package mutating func pick<Element>(_ choices: [Element]) -> Element {
    choices[int(in: 0...(choices.count - 1))]
  }
}
