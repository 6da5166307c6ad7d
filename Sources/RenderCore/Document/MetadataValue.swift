/// A value of a document's metadata (its YAML front matter), typed as YAML resolves it.
///
/// ```swift
/// if case .string(let title) = document.metadata["title"] { print(title) }
/// document.metadata["tags"]?.arrayValue?.compactMap(\.stringValue)  // ["swift", "markdown"]
/// ```
public enum MetadataValue: Sendable, Hashable {
  /// `null`, `~` or an empty value.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number that fits 64 bits.
  case integer(Int)
  /// A number with a fraction or exponent, or `.inf` / `.nan`.
  case double(Double)
  /// Any other scalar (quoted scalars are always strings).
  case string(String)
  /// A sequence.
  case array([MetadataValue])
  /// A mapping; keys are the scalars' text.
  case dictionary([String: MetadataValue])

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, when this is a sequence.
  public var arrayValue: [MetadataValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The entries, when this is a mapping.
  public var dictionaryValue: [String: MetadataValue]? {
    if case .dictionary(let value) = self { return value }
    return nil
  }
}
