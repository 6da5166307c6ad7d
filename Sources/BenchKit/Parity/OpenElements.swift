import RenderCore

/// The elements open at a point of normalised HTML: a stack built by scanning the tags
/// before it (no recursion, so any depth is fine).
struct OpenElements: Sendable {
  /// The open element names, outermost first.
  private(set) var names: [String] = []

  /// The elements open in `html` at UTF-8 offset `offset`.
  init(in html: String, before offset: Int) {
    let bytes = Array(html.utf8.prefix(offset))
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
      var end = index + (closing ? 2 : 1)
      let nameStart = end
      while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
      let name = String(decoding: bytes[nameStart..<end], as: UTF8.self).lowercased()
      while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
      let selfClosing = end > 0 && end < bytes.count && bytes[end - 1] == UInt8(ascii: "/")
      if !name.isEmpty {
        if closing {
          if let match = names.lastIndex(of: name) { names.removeSubrange(match...) }
        } else if !selfClosing && !HTMLElements.void.contains(name) {
          names.append(name)
        }
      }
      index = end + 1
    }
  }

  /// Whether an element named `name` is open.
  func contains(_ name: String) -> Bool {
    names.contains(name)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
