/// Finds the encoding of HTML bytes the way browsers do, minus the guessing: a byte-order mark
/// first, then a `<meta charset>` or `<meta http-equiv="content-type" content="…charset=…">`
/// in the first 1,024 bytes, else UTF-8.
package enum CharacterEncodingDetector {
  /// How far the `<meta>` prescan looks, as in HTML's encoding sniffing algorithm.
  package static let prescanLength = 1024

  package static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> DetectedEncoding {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8(byteOrderMarkLength: 3) }
    if bytes.starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false) }
    if bytes.starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true) }
    let head = String(decoding: bytes.prefix(prescanLength), as: UTF8.self)
    return declaredLabel(in: head).map(DetectedEncoding.init(label:))
      ?? .utf8(byteOrderMarkLength: 0)
  }

  /// The charset label of the first `<meta>` that declares one, skipping comments.
  package static func declaredLabel(in head: String) -> String? {
    var rest = Substring(head)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[open...]
      if rest.hasPrefix("<!--") {
        guard let close = rest.range(of: "-->") else { return nil }
        rest = rest[close.upperBound...]
        continue
      }
      let tagEnd = rest.firstIndex(of: ">") ?? rest.endIndex
      let tag = rest[rest.index(after: rest.startIndex)..<tagEnd]
      rest = rest[tagEnd...].dropFirst()
      guard
        tag.prefix(5).lowercased() == "meta " || tag.prefix(5).lowercased() == "meta\t"
          || tag.prefix(5).lowercased() == "meta\n"
      else { continue }
      let attributes = MetaAttributes(tag.dropFirst(5))
      if let charset = attributes["charset"] { return charset }
      if attributes["http-equiv"]?.lowercased() == "content-type",
        let content = attributes["content"], let label = charsetParameter(in: content)
      {
        return label
      }
    }
    return nil
  }

  /// The value after `charset=` in a `content` attribute such as `text/html; charset=utf-8`.
  private static func charsetParameter(in content: String) -> String? {
    guard let range = content.range(of: "charset", options: .caseInsensitive) else { return nil }
    var value = content[range.upperBound...].drop { $0 == " " }
    guard value.first == "=" else { return nil }
    value = value.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
    let label = value.prefix { !";\"' \t".contains($0) }
    return label.isEmpty ? nil : String(label)
  }
}
