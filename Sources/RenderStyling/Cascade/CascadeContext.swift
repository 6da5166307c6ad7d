/// The cascade's result for one distinct (parent context, element signature): the computed
/// style, and the selector parts that hold there, which its children's matching needs.
struct CascadeContext: Hashable {
  var style: Int32
  /// Sorted parts whose next part needs them on the parent.
  var parentParts: [Int32]
  /// Index into the run's ancestor sets: sorted parts that hold for this element or an ancestor.
  var ancestorSet: Int32
  /// Whether the style is `display: none` (descendants then share it without a cascade).
  var hidden: Bool
  /// Sorted parts whose next part needs them on the next element sibling (`+`).
  var previousSiblingParts: [Int32] = []
  /// Sorted parts whose next part needs them on some later element sibling (`~`).
  var earlierSiblingParts: [Int32] = []
}
