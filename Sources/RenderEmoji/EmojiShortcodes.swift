import Foundation
import RenderCore

/// GitHub's emoji shortcodes (`:tada:` is 🎉): every alias of GitHub's gemoji list, and the
/// scan that finds them in text.
///
/// A shortcode is a colon, a name of `a`–`z`, digits, `_`, `+` and `-`, and a colon, anywhere in
/// the text (`done:tada:` too), as on github.com. An unknown name is left as written, and its
/// closing colon may open the next shortcode (`:x:y:` where only `y` is known).
///
/// ```swift
/// EmojiShortcodes.emoji(named: "rocket")             // "🚀"
/// EmojiShortcodes.replacing(in: "Ship it :rocket:")  // "Ship it 🚀"
/// ```
public enum EmojiShortcodes {
  /// The emoji of each shortcode's name, read from the generated table on first use.
  static let emoji: [String: String] = {
    var table: [String: String] = [:]
    table.reserveCapacity(2048)
    var text = Self.source
    // Lines split as bytes: splitting the text by characters would find the grapheme
    // clusters of every emoji first.
    text.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        let end =
          ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: bytes, range: start..<bytes.count)
          ?? bytes.count
        if let space = ByteSearch.firstIndex(of: UInt8(ascii: " "), in: bytes, range: start..<end) {
          let name = UnsafeBufferPointer(rebasing: bytes[start..<space])
          let emoji = UnsafeBufferPointer(rebasing: bytes[space + 1..<end])
          table[String(decoding: name, as: UTF8.self)] = String(decoding: emoji, as: UTF8.self)
        }
        start = end + 1
      }
    }
    return table
  }()

  /// The length of the longest name, in bytes: a longer run between colons is none.
  private static let longestName = emoji.keys.map(\.utf8.count).max() ?? 0

  /// For each first byte, a bit for each length (63 standing for any longer) of the names
  /// starting with it: most runs between two colons are no name, and are told so without a
  /// string made and hashed.
  private static let nameLengths: [UInt64] = {
    var lengths = [UInt64](repeating: 0, count: 256)
    for name in emoji.keys {
      let utf8 = Array(name.utf8)
      lengths[Int(utf8[0])] |= 1 << min(utf8.count, 63)
    }
    return lengths
  }()

  /// The emoji whose shortcode is `:name:`, or nil for an unknown name.
  public static func emoji(named name: String) -> String? { emoji[name] }

  /// How many shortcodes there are (every alias counts).
  public static var count: Int { emoji.count }

  /// `text` with every known shortcode replaced by its emoji; nil when it holds none.
  public static func replacing(in text: String) -> String? {
    // Most text has no shortcode: screened at memory speed before any index is walked.
    guard text.utf8.withContiguousStorageIfAvailable(holdsShortcode(raw:)) ?? true else {
      return nil
    }
    return replacing(screened: text)
  }

  /// ``replacing(in:)`` of text whose bytes were found to hold a known shortcode.
  static func replacing(screened text: String) -> String? {
    let utf8 = text.utf8
    var output: String?
    var copied = utf8.startIndex
    var position = utf8.startIndex
    while let open = utf8[position...].firstIndex(of: colon) {
      let nameStart = utf8.index(after: open)
      var end = nameStart
      while end < utf8.endIndex, isNameByte(utf8[end]) { end = utf8.index(after: end) }
      guard end < utf8.endIndex, utf8[end] == colon else {
        position = end
        continue
      }
      guard end > nameStart, let emoji = emoji[String(text[nameStart..<end])],
        !isInURL(open, of: text)
      else {
        // The closing colon may open the next shortcode.
        position = end
        continue
      }
      if output == nil { output = String() }
      output! += text[copied..<open]
      output! += emoji
      copied = utf8.index(after: end)
      position = copied
    }
    guard var output else { return nil }
    output += text[copied...]
    return output
  }

  /// Whether UTF-8 `bytes` hold a colon, a known shortcode's name, and a colon. A `memchr` to
  /// each colon, and a look-up only of what sits between two colons as a name would, so that a
  /// document with none (progit's 1,891 `:word:` are none) keeps its fast path.
  public static func mayHoldShortcode(utf8 bytes: Data) -> Bool {
    bytes.withUnsafeBytes { holdsShortcode(raw: $0.bindMemory(to: UInt8.self)) }
  }

  /// ``mayHoldShortcode(utf8:)`` of bytes in memory.
  package static func holdsShortcode(raw bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var index = 0
    while index < bytes.count,
      let found = memchr(base + index, Int32(colon), bytes.count - index)
    {
      var end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
      let nameStart = end
      while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
      if end > nameStart, end < bytes.count, bytes[end] == colon,
        end - nameStart <= longestName,
        nameLengths[Int(bytes[nameStart])] & (1 << min(end - nameStart, 63)) != 0,
        emoji[
          String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<end]), as: UTF8.self)]
          != nil
      {
        return true
      }
      index = end
    }
    return false
  }

  private static let colon = UInt8(ascii: ":")

  /// Whether the colon at `index` is part of a URL written out in the text (a word holding
  /// `://`, or starting `www.`), which stays as written, as it does where it is a link.
  private static func isInURL(_ index: String.Index, of text: String) -> Bool {
    let utf8 = text.utf8
    var start = index
    while start > utf8.startIndex {
      let before = utf8.index(before: start)
      if utf8[before] == 0x20 || utf8[before] == 0x0A || utf8[before] == 0x09 { break }
      start = before
    }
    return text[start...].hasPrefix("www.") || text[start..<index].contains("://")
  }

  /// Whether `byte` may be part of a shortcode's name: every gemoji alias is made of these
  /// (the generator checks it).
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
