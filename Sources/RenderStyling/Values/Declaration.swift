/// One longhand declaration of a rule or a `style` attribute, or one custom property.
struct Declaration: Sendable, Hashable {
  /// The longhand; nil for a custom property (`--name`), whose value is ``DeclaredValue/custom(name:text:)``.
  var property: CSSProperty?
  var value: DeclaredValue
  var important: Bool
}
