/// What the value parser made of one declaration.
enum ParsedDeclaration: Sendable, Hashable {
  /// Longhand values to cascade (a shorthand gives several).
  case values([CSSProperty: DeclaredValue])
  /// Valid CSS that the cascade does not compute (borders, widths, custom properties…): kept
  /// for the HTML page, silently left out of styled text.
  case ignored
  /// A custom property, `--name: text`.
  case custom(name: String, text: String)
  /// Invalid: dropped, with the reason.
  case invalid(String)
}
