/// A parsed style rule: its selectors, its declarations, and the colour schemes it applies in.
struct StyleRule: Sendable, Hashable {
  var selectors: [Selector]
  var declarations: [Declaration]
  var schemes: SchemeMask
}
