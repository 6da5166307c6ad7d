/// One compound selector such as `ul.nav#main[hidden]:first-child`: conditions on a single
/// element, all of which must hold.
struct CompoundSelector: Sendable, Hashable {
  /// An attribute test: `[name]` (any value) or `[name=value]`.
  struct AttributeCondition: Sendable, Hashable {
    var name: String
    var value: String?
  }

  /// The lower-cased type, nil for `*` or none.
  var tag: String?
  var id: String?
  var classes: [String] = []
  var attributes: [AttributeCondition] = []
  var firstChild = false
  var lastChild = false
  /// `:nth-child()`, `:nth-of-type()` and their `last` and `first-`/`last-`/`only-of-type` forms.
  var positions: [PositionCondition] = []
  /// `:link` / `:any-link`: an `a` or `area` with `href` (styled text has no history, so every
  /// link is unvisited).
  var link = false
  /// `:root`: the document's top element.
  var root = false
  /// The compounds of `:not(…)`: the element matches none of them. They hold no `:not` of their
  /// own, so matching never recurses further.
  var negations: [CompoundSelector] = []
  /// A pseudo-class such as `:hover` that a page keeps but styled text never matches (no
  /// pointer, focus or history): the selector is left out, with a diagnostic.
  var staticallyUnmatched: String?

  /// (ids, classes + attributes + pseudo-classes, types), as CSS counts them; `:not()` counts
  /// its most specific argument.
  var specificityCounts: (ids: Int, classes: Int, types: Int) {
    let pseudoClasses =
      (firstChild ? 1 : 0) + (lastChild ? 1 : 0) + positions.count + (link ? 1 : 0)
      + (root ? 1 : 0)
    var counts = (
      ids: id == nil ? 0 : 1, classes: classes.count + attributes.count + pseudoClasses,
      types: tag == nil ? 0 : 1
    )
    if let most = negations.map(\.specificityCounts).max(by: { $0 < $1 }) {
      counts.ids += most.ids
      counts.classes += most.classes
      counts.types += most.types
    }
    return counts
  }
}
