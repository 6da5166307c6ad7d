import RenderCore
import Testing

/// A generated adversarial input: one construct repeated, nested or left open until the text
/// reaches the requested size.
struct HostilePattern: Sendable, CustomTestStringConvertible {
  /// What the pattern stresses, e.g. `"blockquote-nesting"`.
  let name: String
  /// The options it is rendered with (some patterns need an extension to reach their code).
  let options: RenderOptions
  /// Whether text after the pattern legitimately disappears (an open HTML comment or block
  /// swallows the rest of the document when raw HTML is omitted).
  let swallowsFollowingText: Bool
  private let generate: @Sendable (Int) -> String

  init(
    _ name: String, options: RenderOptions = RenderOptions(), swallowsFollowingText: Bool = false,
    _ generate: @escaping @Sendable (Int) -> String
  ) {
    self.name = name
    self.options = options
    self.swallowsFollowingText = swallowsFollowingText
    self.generate = generate
  }

  var testDescription: String { name }

  /// The text every rendering must keep, placed before the pattern.
  static let leadingMarker = "hostile-leading-marker"
  /// The text placed after the pattern, in a paragraph of its own.
  static let trailingMarker = "hostile-trailing-marker"

  /// The pattern at about `size` bytes, between the two markers.
  func document(size: Int) -> String {
    Self.leadingMarker + "\n\n" + generate(size) + "\n\n" + Self.trailingMarker + "\n"
  }

  /// `unit` repeated to fill `size` bytes, between `prefix` and `suffix`.
  static func fill(_ unit: String, _ size: Int, prefix: String = "", suffix: String = "") -> String
  {
    let count = max(1, (size - prefix.utf8.count - suffix.utf8.count) / unit.utf8.count)
    return prefix + String(repeating: unit, count: count) + suffix
  }

  /// `open` repeated, then `middle`, then `close` repeated: nesting to about `size` bytes.
  static func nest(_ open: String, _ middle: String, _ close: String, _ size: Int) -> String {
    let depth = max(1, size / (open.utf8.count + close.utf8.count))
    return String(repeating: open, count: depth) + middle + String(repeating: close, count: depth)
  }
}
