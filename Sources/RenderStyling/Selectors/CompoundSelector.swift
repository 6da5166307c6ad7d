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
  /// A pseudo-class such as `:hover` that a page keeps but styled text never matches (no
  /// pointer, focus or history): the selector is left out, with a diagnostic.
  var staticallyUnmatched: String?

  /// (ids, classes + attributes + pseudo-classes, types), as CSS counts them.
  var specificityCounts: (ids: Int, classes: Int, types: Int) {
    let pseudoClasses = (firstChild ? 1 : 0) + (lastChild ? 1 : 0)
    return (id == nil ? 0 : 1, classes.count + attributes.count + pseudoClasses, tag == nil ? 0 : 1)
  }
}
