/// Where two texts first differ, and a short two-line excerpt showing it.
struct TextDifference: Sendable, Hashable {
  /// The UTF-8 offset of the first differing byte (the shorter length when one is a
  /// prefix of the other), moved back to a character boundary in both texts.
  let offset: Int
  /// `- …` then `+ …`: about 30 bytes before the difference and 50 after, on each side,
  /// with newlines shown as `⏎`.
  let excerpt: String

  /// The difference between `first` and `second`; `nil` when they are equal.
  init?(_ first: String, _ second: String) {
    let a = Array(first.utf8)
    let b = Array(second.utf8)
    guard a != b else { return nil }
    var index = 0
    while index < a.count, index < b.count, a[index] == b[index] { index += 1 }
    // Back up to the start of a UTF-8 sequence so excerpts never split a character.
    while index > 0, index < a.count, a[index] & 0xC0 == 0x80 { index -= 1 }
    offset = index
    excerpt = "- " + Self.window(a, at: index) + "\n+ " + Self.window(b, at: index)
  }

  private static func window(_ bytes: [UInt8], at offset: Int) -> String {
    var start = max(0, offset - 30)
    while start > 0, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    var end = min(bytes.count, offset + 50)
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    let shown = text.replacing("\n", with: "⏎")
    return (start > 0 ? "…" : "") + shown + (end < bytes.count ? "…" : "")
  }
}
