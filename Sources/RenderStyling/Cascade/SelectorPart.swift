/// One compound of one selector, placed in the selector's chain.
///
/// A part holds for an element when the element matches its compound and the part on its
/// left holds for the parent (child combinator), some ancestor (descendant), the previous
/// element sibling (`+`) or some earlier one (`~`).
/// What a holding part means for the element's children is its ``role``.
struct SelectorPart: Sendable {
  /// What follows from this part holding for an element.
  enum Role: Sendable {
    /// The rightmost compound: the rule applies to the element.
    case match
    /// The next part needs this one on the parent.
    case parentOfNext
    /// The next part needs this one on some ancestor.
    case ancestorOfNext
    /// The next part needs this one on the previous element sibling.
    case previousSiblingOfNext
    /// The next part needs this one on some earlier element sibling.
    case earlierSiblingOfNext
  }

  var compound: CompiledCompound
  /// The part to the left, nil for the leftmost compound.
  var left: Int32?
  /// Where ``left`` must hold: the combinator between the two compounds.
  var leftRelation: Selector.Combinator
  var role: Role
  /// The rule (index into the compiled rules) this part's selector belongs to.
  var rule: Int32
  /// The whole selector's specificity.
  var specificity: Int32
}
