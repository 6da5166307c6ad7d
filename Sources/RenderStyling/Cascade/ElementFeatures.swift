/// What selectors can see of one element, as vocabulary numbers.
struct ElementFeatures {
  var tag: Int32 = -1
  var id: Int32 = -1
  /// Sorted class numbers (only classes some selector mentions).
  var classes: [Int32] = []
  /// (attribute number, value number or -2 when no selector tests this value).
  var attributes: [(name: Int32, value: Int32)] = []
  var isFirstChild = false
  var isLastChild = false
  var isLink = false
  var isRoot = false
  /// Sorted numbers of the `:nth-*()` conditions the element's place satisfies.
  var positions: [Int32] = []
}
