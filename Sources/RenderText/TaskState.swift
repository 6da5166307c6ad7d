/// Whether a task-list item is done: what a checkbox in a list item (`<input
/// type="checkbox" checked>`, or Discount's `☑`/`☐`) says, carried by its box's text.
public enum TaskState: String, Sendable, Hashable, Codable {
  /// Ticked: `[x]`.
  case checked
  /// Not ticked: `[ ]`.
  case unchecked

  /// The glyph styled text shows for the box: `☑` or `☐`.
  public var glyph: String { self == .checked ? "\u{2611}" : "\u{2610}" }

  /// The box in ASCII, for output that cannot show the glyph: `[x]` or `[ ]`.
  public var ascii: String { self == .checked ? "[x]" : "[ ]" }

  /// The state a glyph of ``glyph`` stands for; nil for any other scalar.
  public init?(glyph: Unicode.Scalar) {
    switch glyph.value {
    case 0x2611: self = .checked
    case 0x2610: self = .unchecked
    default: return nil
    }
  }
}
