import Foundation
import RenderStyling

extension AttributeScopes.RenderAttributes {
  /// The preferred font family.
  public enum FontFamilyAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.fontFamily"
  }

  /// The font size in CSS pixels.
  public enum FontSizeAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Double
    /// The attribute's name.
    public static let name = "render.fontSize"
  }

  /// The weight, 100–900.
  public enum FontWeightAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Int
    /// The attribute's name.
    public static let name = "render.fontWeight"
  }

  /// Italic or oblique.
  public enum ItalicAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Bool
    /// The attribute's name.
    public static let name = "render.italic"
  }

  /// A fixed-width font.
  public enum MonospaceAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Bool
    /// The attribute's name.
    public static let name = "render.monospace"
  }

  /// The text colour, `#rrggbb`.
  public enum TextColorAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.textColor"
  }

  /// The colour behind the text, `#rrggbb`.
  public enum TextBackgroundColorAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.textBackgroundColor"
  }

  /// Underlined.
  public enum UnderlineAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Bool
    /// The attribute's name.
    public static let name = "render.underline"
  }

  /// Struck through.
  public enum StrikethroughAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Bool
    /// The attribute's name.
    public static let name = "render.strikethrough"
  }

  /// The `href` of the enclosing link, as written.
  public enum LinkTargetAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.linkTarget"
  }

  /// The `src` of the image this alt text stands for, as written.
  public enum ImageSourceAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.imageSource"
  }

  /// The baseline shift in CSS pixels: positive raises.
  public enum BaselineShiftAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Double
    /// The attribute's name.
    public static let name = "render.baselineShift"
  }

  /// 1–6 inside a heading.
  public enum HeadingLevelAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Int
    /// The attribute's name.
    public static let name = "render.headingLevel"
  }

  /// For a task-list item's box: whether the task is done.
  public enum TaskStateAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = TaskState
    /// The attribute's name.
    public static let name = "render.taskState"
  }

  /// What the paragraph is.
  public enum BlockKindAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = TextBlock.Kind
    /// The attribute's name.
    public static let name = "render.blockKind"
  }

  /// Nesting depth of lists and quotes.
  public enum IndentLevelAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Int
    /// The attribute's name.
    public static let name = "render.indentLevel"
  }

  /// The indent from the left edge in CSS pixels.
  public enum IndentAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Double
    /// The attribute's name.
    public static let name = "render.indent"
  }

  /// The paragraph's alignment.
  public enum TextAlignmentAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = ComputedStyle.TextAlignment
    /// The attribute's name.
    public static let name = "render.textAlignment"
  }

  /// Space above the paragraph in CSS pixels.
  public enum SpacingBeforeAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Double
    /// The attribute's name.
    public static let name = "render.spacingBefore"
  }

  /// Space below the paragraph in CSS pixels.
  public enum SpacingAfterAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Double
    /// The attribute's name.
    public static let name = "render.spacingAfter"
  }

  /// The paragraph's background colour, `#rrggbb`.
  public enum BlockBackgroundColorAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.blockBackgroundColor"
  }

  /// The length of the list marker that starts the paragraph, with its space.
  public enum MarkerLengthAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Int
    /// The attribute's name.
    public static let name = "render.markerLength"
  }

  /// The kind of the GitHub alert that holds the paragraph.
  public enum AlertAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value: `note`, `tip`, `important`, `warning` or `caution`.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.alert"
  }

  /// How many block quotes contain the paragraph.
  public enum QuoteLevelAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = Int
    /// The attribute's name.
    public static let name = "render.quoteLevel"
  }

  /// The `id` of the element that opened the paragraph: where a `#anchor` link leads.
  public enum BlockAnchorAttribute: CodableAttributedStringKey, Sendable {
    /// The attribute's value.
    public typealias Value = String
    /// The attribute's name.
    public static let name = "render.blockAnchor"
  }
}
