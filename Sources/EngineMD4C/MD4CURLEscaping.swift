/// md_html's rule for writing a URL into `href` or `src`: ASCII letters, digits and
/// `-_.+!*(),%#@?=;:/$` stay; `&` becomes `&amp;`; every other byte becomes `%XX` (`~` too:
/// md4c 0.4.8 encodes it, later versions keep it).
enum MD4CURLEscaping {
  /// The punctuation that stays as it is, besides ASCII letters and digits.
  static let keptCharacters = "-_.+!*(),%#@?=;:/$"

  /// The bytes that stay as they are, as a 128-bit set (low and high halves of ASCII).
  private static let keptBytes: (low: UInt64, high: UInt64) = {
    var low: UInt64 = 0
    var high: UInt64 = 0
    let kept = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + keptCharacters
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
}
