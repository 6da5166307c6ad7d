/// md_html's rule for writing a URL into `href` or `src`: ASCII letters, digits and
/// `-_.+!*(),%#@?=;:/$` stay; `&` becomes `&amp;`; every other byte becomes `%XX` (`~` too:
/// md4c 0.4.8 encodes it, later versions keep it).
enum MD4CURLEscaping {
  /// The bytes that stay as they are, as a 128-bit set (low and high halves of ASCII).
  private static let keptBytes: (low: UInt64, high: UInt64) = {
    var low: UInt64 = 0
    var high: UInt64 = 0
    let kept =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+!*(),%#@?=;:/$"
    for byte in kept.utf8 {
      if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
    return (low, high)
  }()

  /// Whether md_html writes `byte` otherwise than as itself (`&amp;` or `%XX`).
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    if byte >= 128 { return true }
    let kept = keptBytes
    let bits = byte < 64 ? kept.low >> UInt64(byte) : kept.high >> UInt64(byte - 64)
    return bits & 1 == 0
  }

  /// The upper-case hexadecimal digit for `value` (0–15).
  @inline(__always)
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }

  /// `url` as a browser reads the attribute md_html writes for it: percent-encoded as md_html
  /// encodes it, with `&` itself (md_html's `&amp;` decodes back to it).
  static func escaped(_ url: String) -> String {
    guard url.utf8.contains(where: { needsEscape($0) && $0 != UInt8(ascii: "&") }) else {
      return url
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(url.utf8.count + 16)
    for byte in url.utf8 {
      if !needsEscape(byte) || byte == UInt8(ascii: "&") {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigit(byte >> 4))
        bytes.append(hexDigit(byte & 0xF))
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
