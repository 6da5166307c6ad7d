/// How an engine's HTML renderer writes a link destination into `href` or `src`: which bytes
/// it leaves as they are; every other byte becomes `%XX`. A ``MarkdownDocumentBuilder`` applies
/// it so that a document built from a tree holds the same URLs as one imported from HTML.
///
/// ```swift
/// URLEscaping.commonMark.escape("a b/ä")  // "a%20b/%C3%A4"
/// ```
package struct URLEscaping: Sendable, Hashable {
  private var keeps: [Bool]

  /// Keeps ASCII letters, digits and every byte of `unescaped` as they are.
  package init(unescaped: String) {
    keeps = [Bool](repeating: false, count: 256)
    for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { keeps[Int(byte)] = true }
    for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { keeps[Int(byte)] = true }
    for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { keeps[Int(byte)] = true }
    for byte in unescaped.utf8 { keeps[Int(byte)] = true }
  }

  /// cmark's and cmark-gfm's rule (houdini's `href` escaping): reserved characters and `&`
  /// and `'` stay, the rest is percent-encoded.
  package static let commonMark = URLEscaping(unescaped: "-_.+!*'(),%#@?=;:/,+&$~")

  /// `url` with every byte this rule does not keep written as `%XX` (upper-case hex).
  package func escape(_ url: String) -> String {
    guard url.utf8.contains(where: { !keeps[Int($0)] }) else { return url }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(url.utf8.count + 16)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in url.utf8 {
      if keeps[Int(byte)] {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
