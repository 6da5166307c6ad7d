/// A property's value as declared, parsed and checked, before the cascade computes it.
enum DeclaredValue: Sendable, Hashable {
  /// `inherit`.
  case inherit
  /// `initial`.
  case initial
  /// `unset` (and `revert`, which this cascade treats the same way).
  case unset
  /// A colour.
  case color(CSSColor)
  /// `currentcolor`.
  case currentColor
  /// A length or percentage (margins, paddings, font sizes, line heights); `auto` margins are 0.
  case length(CSSLength)
  /// An absolute font-size keyword, in pixels.
  case fontSizeKeyword(Double)
  /// `smaller` or `larger`, as a factor of the parent's size.
  case fontSizeFactor(Double)
  /// A font weight, 1–1000.
  case fontWeight(Int)
  /// `bolder`.
  case bolder
  /// `lighter`.
  case lighter
  /// `font-style`: italic or oblique (true) or normal.
  case italic(Bool)
  /// `text-decoration-line`.
  case decoration(underline: Bool, strikethrough: Bool)
  /// `text-align`.
  case textAlign(ComputedStyle.TextAlignment)
  /// `white-space`.
  case whiteSpace(ComputedStyle.WhiteSpace)
  /// `display`.
  case display(ComputedStyle.Display)
  /// `list-style-type`.
  case listStyleType(ComputedStyle.ListStyleType)
  /// `vertical-align`.
  case verticalAlign(ComputedStyle.VerticalAlign)
  /// `font-family`, and whether it picks a monospace face.
  case fontFamily([String], monospace: Bool)
  /// A unitless `line-height`.
  case number(Double)
  /// `line-height: normal`.
  case normal
  /// A value with `var()` in it, for the property `name` (a longhand or the shorthand it was
  /// written as): substituted and parsed when the element's custom properties are known.
  case unresolved(name: String, text: String)
  /// A custom property's declaration, `--name: text`.
  case custom(name: String, text: String)

  /// The length inside a `.length` value (what ``BoxValueParser/length(_:allowsNegative:)``
  /// returns).
  var checkedLength: CSSLength {
    if case .length(let length) = self { return length }
    return .pixels(0)
  }
}
