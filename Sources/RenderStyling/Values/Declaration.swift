/// One longhand declaration of a rule or a `style` attribute.
struct Declaration: Sendable, Hashable {
  var property: CSSProperty
  var value: DeclaredValue
  var important: Bool
}
