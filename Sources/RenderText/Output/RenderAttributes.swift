import Foundation
import RenderStyling

extension AttributeScopes {
  /// The attributes ``StyledText`` sets on an `AttributedString`: its ``TextStyle`` per run
  /// and its ``TextBlock`` layout per paragraph, plus Foundation's own.
  ///
  /// Names that SwiftUI or UIKit also use (`foregroundColor`, `backgroundColor`,
  /// `baselineOffset`, `link`, `imageURL`) are renamed so that dot syntax stays unambiguous:
  /// `textColor`, `textBackgroundColor`, `baselineShift`, `linkTarget`, `imageSource`.
  /// Foundation's `link` and `imageURL` (URLs) are set too where the target parses; they
  /// belong to Foundation's own scope, which is not `Sendable` and so is not nested here.
  /// Colours are CSS hex strings (`#rrggbb`, `#rrggbbaa` when not opaque).
  ///
  /// ```swift
  /// let attributed = AttributedString(styled)
  /// for run in attributed.runs where run.fontWeight ?? 400 >= 700 { … }
  /// ```
  public struct RenderAttributes: AttributeScope, Sendable {
    /// ``TextStyle/fontFamily``.
    public let fontFamily: FontFamilyAttribute
    /// ``TextStyle/fontSize``; always set.
    public let fontSize: FontSizeAttribute
    /// ``TextStyle/fontWeight``; always set.
    public let fontWeight: FontWeightAttribute
    /// ``TextStyle/italic``; set only when true.
    public let italic: ItalicAttribute
    /// ``TextStyle/monospace``; set only when true.
    public let monospace: MonospaceAttribute
    /// ``TextStyle/foregroundColor``.
    public let textColor: TextColorAttribute
    /// ``TextStyle/backgroundColor``.
    public let textBackgroundColor: TextBackgroundColorAttribute
    /// ``TextStyle/underline``; set only when true.
    public let underline: UnderlineAttribute
    /// ``TextStyle/strikethrough``; set only when true.
    public let strikethrough: StrikethroughAttribute
    /// ``TextStyle/link``.
    public let linkTarget: LinkTargetAttribute
    /// ``TextStyle/imageURL``.
    public let imageSource: ImageSourceAttribute
    /// ``TextStyle/baselineOffset``; set only when not zero.
    public let baselineShift: BaselineShiftAttribute
    /// ``TextStyle/headingLevel``.
    public let headingLevel: HeadingLevelAttribute
    /// ``TextStyle/taskState``.
    public let taskState: TaskStateAttribute
    /// ``TextBlock/kind`` of the paragraph.
    public let blockKind: BlockKindAttribute
    /// ``TextBlock/indentLevel`` of the paragraph.
    public let indentLevel: IndentLevelAttribute
    /// ``TextBlock/indent`` of the paragraph.
    public let indent: IndentAttribute
    /// ``TextBlock/alignment`` of the paragraph.
    public let textAlignment: TextAlignmentAttribute
    /// ``TextBlock/spacingBefore`` of the paragraph.
    public let spacingBefore: SpacingBeforeAttribute
    /// ``TextBlock/spacingAfter`` of the paragraph.
    public let spacingAfter: SpacingAfterAttribute
    /// ``TextBlock/backgroundColor`` of the paragraph.
    public let blockBackgroundColor: BlockBackgroundColorAttribute
    /// ``TextBlock/markerLength`` of the paragraph; set only when it starts with a marker.
    public let markerLength: MarkerLengthAttribute
    /// ``TextBlock/alert`` of the paragraph; set only inside GitHub alerts.
    public let alert: AlertAttribute
    /// ``TextBlock/quoteLevel`` of the paragraph; set only inside quotes.
    public let quoteLevel: QuoteLevelAttribute
    /// ``TextBlock/anchor`` of the paragraph; set only when it has one.
    public let blockAnchor: BlockAnchorAttribute
  }

  /// The attributes ``StyledText`` sets on an `AttributedString`.
  public var render: RenderAttributes.Type { RenderAttributes.self }
}

extension AttributeDynamicLookup {
  /// Dot syntax for ``AttributeScopes/RenderAttributes``: `attributed.fontWeight`.
  public subscript<T: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.RenderAttributes, T>
  ) -> T {
    self[T.self]
  }
}
