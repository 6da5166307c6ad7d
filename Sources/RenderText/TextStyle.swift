import RenderStyling

/// The character-level style of a run of ``StyledText``.
///
/// Optional properties are nil when unset (the reader's default applies).
public struct TextStyle: Sendable, Hashable {
  /// The preferred font family, e.g. `"Georgia"` or `"monospace"`.
  public var fontFamily: String?
  /// The font size in CSS pixels.
  public var fontSize: Double = 16
  /// The weight, 100–900 (400 regular, 700 bold).
  public var fontWeight: Int = 400
  /// Italic or oblique.
  public var italic: Bool = false
  /// A fixed-width font (code).
  public var monospace: Bool = false
  /// The text colour.
  public var foregroundColor: CSSColor?
  /// The background colour behind the text.
  public var backgroundColor: CSSColor?
  /// Underlined.
  public var underline: Bool = false
  /// Struck through.
  public var strikethrough: Bool = false
  /// The link target, for text inside `<a href>`.
  public var link: String?
  /// The image source, for the alt text that stands for an image.
  public var imageURL: String?
  /// The baseline shift in CSS pixels: positive raises (superscript), negative lowers.
  public var baselineOffset: Double = 0
  /// 1–6 inside a heading.
  public var headingLevel: Int?
  /// For the box of a task-list item (its `☑` or `☐`): whether the task is done.
  public var taskState: TaskState?

  /// The default style: 16 px regular text with no decoration.
  public init() {}

  /// Whether the weight reads as bold (600 or more).
  public var isBold: Bool { fontWeight >= 600 }
}
