/// A complex selector: compounds joined by descendant, child and sibling combinators.
struct Selector: Sendable, Hashable {
  /// How a compound relates to the one on its left.
  enum Combinator: Sendable, Hashable {
    /// Whitespace: any ancestor.
    case descendant
    /// `>`: the parent.
    case child
    /// `+`: the previous element sibling.
    case adjacent
    /// `~`: any earlier element sibling.
    case sibling
  }

  /// The compounds, left to right as written.
  var compounds: [CompoundSelector]
  /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
  var combinators: [Combinator]

  /// The first pseudo-class in the selector that styled text never matches, if any.
  var staticallyUnmatched: String? {
    compounds.lazy.compactMap(\.staticallyUnmatched).first
  }

  /// Specificity packed so that integer order is CSS order: ids, then classes, then types
  /// (each count saturates at 1023).
  var specificity: Int {
    var ids = 0
    var classes = 0
    var types = 0
    for compound in compounds {
      let counts = compound.specificityCounts
      ids += counts.ids
      classes += counts.classes
      types += counts.types
    }
    return min(ids, 1023) << 20 | min(classes, 1023) << 10 | min(types, 1023)
  }
}
