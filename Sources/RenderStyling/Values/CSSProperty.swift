/// The longhand properties the cascade computes; shorthands expand into these when parsed.
enum CSSProperty: Int, CaseIterable, Sendable, Hashable {
  case fontSize
  case color
  case backgroundColor
  case fontFamily
  case fontWeight
  case fontStyle
  case textDecorationLine
  case textAlign
  case whiteSpace
  case display
  case marginTop
  case marginRight
  case marginBottom
  case marginLeft
  case paddingTop
  case paddingRight
  case paddingBottom
  case paddingLeft
  case listStyleType
  case lineHeight
  case verticalAlign

  /// Whether an element takes the property from its parent when nothing sets it.
  var isInherited: Bool {
    switch self {
    case .color, .fontFamily, .fontSize, .fontWeight, .fontStyle, .textAlign, .whiteSpace,
      .listStyleType, .lineHeight:
      true
    case .backgroundColor, .textDecorationLine, .display, .marginTop, .marginRight, .marginBottom,
      .marginLeft, .paddingTop, .paddingRight, .paddingBottom, .paddingLeft, .verticalAlign:
      false
    }
  }

  static let margins: [CSSProperty] = [.marginTop, .marginRight, .marginBottom, .marginLeft]
  static let paddings: [CSSProperty] = [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
}
