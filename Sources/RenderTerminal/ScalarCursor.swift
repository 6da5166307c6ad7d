/// Turns Unicode scalar offsets into string indices by walking forward from the last one, so
/// reading a text's blocks in order costs one pass, not one pass per block.
struct ScalarCursor {
  private let scalars: String.UnicodeScalarView
  private var index: String.Index
  private var offset = 0

  init(_ string: String) {
    scalars = string.unicodeScalars
    index = scalars.startIndex
  }

  /// The index of the scalar at `target` (the end index past the last scalar). Walking back
  /// starts over from the beginning, which in-order reading never does.
  mutating func index(at target: Int) -> String.Index {
    if target < offset {
      index = scalars.startIndex
      offset = 0
    }
    index =
      scalars.index(index, offsetBy: target - offset, limitedBy: scalars.endIndex)
      ?? scalars.endIndex
    offset = target
    return index
  }
}
