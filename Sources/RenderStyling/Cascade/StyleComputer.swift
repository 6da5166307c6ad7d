/// Turns the declared values that won the cascade into an element's computed style, given its
/// parent's.
///
/// Inherited properties start from the parent, the others from their initial values. Text
/// decorations propagate: an element is underlined when it or an ancestor declares it.
/// Font size is computed first because `em` lengths of the other properties depend on it.
enum StyleComputer {
  /// The largest computed font size, in pixels; nested relative sizes stop growing here.
  static let maximumFontSize = 10_000.0
  /// What `%` margins and paddings resolve against: styled text has no containing block, so a
  /// nominal 640 px line stands for it.
  static let nominalLineWidth = 640.0

  static func compute(
    parent: ComputedStyle, winning: [DeclaredValue?], rootFontSize: Double
  ) -> ComputedStyle {
    var style = ComputedStyle()
    style.color = parent.color
    style.fontFamily = parent.fontFamily
    style.monospace = parent.monospace
    style.fontSize = parent.fontSize
    style.fontWeight = parent.fontWeight
    style.italic = parent.italic
    style.textAlign = parent.textAlign
    style.whiteSpace = parent.whiteSpace
    style.listStyleType = parent.listStyleType
    style.lineHeight = parent.lineHeight
    style.underline = parent.underline
    style.strikethrough = parent.strikethrough
    for property in CSSProperty.allCases {
      guard let value = winning[property.rawValue] else { continue }
      switch value {
      case .inherit:
        inherit(property, from: parent, into: &style)
      case .initial:
        inherit(property, from: ComputedStyle(), into: &style)
      case .unset:
        inherit(property, from: property.isInherited ? parent : ComputedStyle(), into: &style)
      default:
        apply(value, to: property, parent: parent, rootFontSize: rootFontSize, style: &style)
      }
    }
    return style
  }

  private static func inherit(
    _ property: CSSProperty, from source: ComputedStyle, into style: inout ComputedStyle
  ) {
    switch property {
    case .fontSize: style.fontSize = source.fontSize
    case .color: style.color = source.color
    case .backgroundColor: style.backgroundColor = source.backgroundColor
    case .fontFamily:
      style.fontFamily = source.fontFamily
      style.monospace = source.monospace
    case .fontWeight: style.fontWeight = source.fontWeight
    case .fontStyle: style.italic = source.italic
    // Decorations propagated from ancestors stay whatever the element declares.
    case .textDecorationLine: break
    case .textAlign: style.textAlign = source.textAlign
    case .whiteSpace: style.whiteSpace = source.whiteSpace
    case .display: style.display = source.display
    case .marginTop: style.margin.top = source.margin.top
    case .marginRight: style.margin.right = source.margin.right
    case .marginBottom: style.margin.bottom = source.margin.bottom
    case .marginLeft: style.margin.left = source.margin.left
    case .paddingTop: style.padding.top = source.padding.top
    case .paddingRight: style.padding.right = source.padding.right
    case .paddingBottom: style.padding.bottom = source.padding.bottom
    case .paddingLeft: style.padding.left = source.padding.left
    case .listStyleType: style.listStyleType = source.listStyleType
    case .lineHeight: style.lineHeight = source.lineHeight
    case .verticalAlign: style.verticalAlign = source.verticalAlign
    }
  }

  private static func apply(
    _ value: DeclaredValue, to property: CSSProperty, parent: ComputedStyle,
    rootFontSize: Double, style: inout ComputedStyle
  ) {
    switch (property, value) {
    case (.fontSize, _):
      style.fontSize = fontSize(value, parent: parent, rootFontSize: rootFontSize)
    case (.color, .color(let color)): style.color = color
    case (.color, .currentColor): style.color = parent.color
    case (.backgroundColor, .color(let color)): style.backgroundColor = color
    case (.backgroundColor, .currentColor): style.backgroundColor = style.color
    case (.fontFamily, .fontFamily(let families, let monospace)):
      style.fontFamily = families
      style.monospace = monospace
    case (.fontWeight, .fontWeight(let weight)): style.fontWeight = weight
    case (.fontWeight, .bolder): style.fontWeight = bolder(than: parent.fontWeight)
    case (.fontWeight, .lighter): style.fontWeight = lighter(than: parent.fontWeight)
    case (.fontStyle, .italic(let italic)): style.italic = italic
    case (.textDecorationLine, .decoration(let underline, let strikethrough)):
      style.underline = parent.underline || underline
      style.strikethrough = parent.strikethrough || strikethrough
    case (.textAlign, .textAlign(let alignment)): style.textAlign = alignment
    case (.whiteSpace, .whiteSpace(let whiteSpace)): style.whiteSpace = whiteSpace
    case (.display, .display(let display)): style.display = display
    case (.listStyleType, .listStyleType(let type)): style.listStyleType = type
    case (.verticalAlign, .verticalAlign(let alignment)): style.verticalAlign = alignment
    case (.lineHeight, .normal): style.lineHeight = nil
    case (.lineHeight, .number(let multiple)): style.lineHeight = multiple
    case (.lineHeight, .length(let length)):
      let pixels = length.resolve(
        fontSize: style.fontSize, rootFontSize: rootFontSize, hundredPercent: style.fontSize)
      style.lineHeight = style.fontSize > 0 ? pixels / style.fontSize : nil
    case (_, .length(let length)):
      let pixels = clampedLength(
        length.resolve(
          fontSize: style.fontSize, rootFontSize: rootFontSize, hundredPercent: nominalLineWidth))
      setEdge(property, to: pixels, in: &style)
    default:
      break
    }
  }

  private static func setEdge(
    _ property: CSSProperty, to pixels: Double, in style: inout ComputedStyle
  ) {
    switch property {
    case .marginTop: style.margin.top = pixels
    case .marginRight: style.margin.right = pixels
    case .marginBottom: style.margin.bottom = pixels
    case .marginLeft: style.margin.left = pixels
    case .paddingTop: style.padding.top = pixels
    case .paddingRight: style.padding.right = pixels
    case .paddingBottom: style.padding.bottom = pixels
    case .paddingLeft: style.padding.left = pixels
    default: break
    }
  }

  private static func fontSize(
    _ value: DeclaredValue, parent: ComputedStyle, rootFontSize: Double
  ) -> Double {
    let size: Double
    switch value {
    case .length(let length):
      size = length.resolve(
        fontSize: parent.fontSize, rootFontSize: rootFontSize, hundredPercent: parent.fontSize)
    case .fontSizeKeyword(let pixels): size = pixels
    case .fontSizeFactor(let factor): size = parent.fontSize * factor
    default: size = parent.fontSize
    }
    return min(max(size, 0), maximumFontSize)
  }

  private static func clampedLength(_ pixels: Double) -> Double {
    min(max(pixels, -CSSLength.maximumMagnitude), CSSLength.maximumMagnitude)
  }

  /// CSS Fonts 4's table for `bolder`.
  static func bolder(than weight: Int) -> Int {
    weight < 350 ? 400 : weight < 550 ? 700 : 900
  }

  /// CSS Fonts 4's table for `lighter`.
  static func lighter(than weight: Int) -> Int {
    weight < 550 ? 100 : weight < 750 ? 400 : 700
  }
}
