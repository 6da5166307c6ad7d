/// A string md4c hands over in a block's or span's detail (a link destination, a title, a code
/// block's language): text in parts, each plain text, an entity as written, or a NUL.
///
/// It points into md4c's memory and is valid only during the callback that received it.
struct MD4CAttribute {
  /// The attribute's bytes as written in the Markdown (entities not decoded).
  let text: UnsafePointer<UInt8>?
  /// How many bytes `text` holds.
  let count: Int
  /// md4c's kind of each part (its `MD_TEXTTYPE` array), read by ``forEachPart(_:)``.
  let partKinds: UnsafeRawPointer?
  /// Where each part starts, with `count` after the last one.
  let partOffsets: UnsafePointer<UInt32>?

  /// An attribute with no text, for a link md4c gives no destination.
  static var empty: MD4CAttribute {
    MD4CAttribute(text: nil, count: 0, partKinds: nil, partOffsets: nil)
  }
}

extension MD4CAttribute {
  /// Whether the attribute has no text.
  var isEmpty: Bool { count == 0 }

  /// The attribute's text with entities decoded (as md_html decodes them) and NUL as U+FFFD:
  /// the value a browser reads from the attribute md_html writes, before any URL escaping.
  var decodedText: String {
    var scalars = String.UnicodeScalarView()
    forEachPart { kind, part in
      switch kind {
      case .entity:
        if let (first, second) = MD4CParser.entityScalars(part) {
          scalars.append(first)
          if let second { scalars.append(second) }
        } else {
          scalars.append(contentsOf: String(decoding: part, as: UTF8.self).unicodeScalars)
        }
      case .nullCharacter:
        scalars.append("\u{FFFD}")
      default:
        scalars.append(contentsOf: String(decoding: part, as: UTF8.self).unicodeScalars)
      }
    }
    return String(scalars)
  }
}
