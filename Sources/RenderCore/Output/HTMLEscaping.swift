/// The one HTML escaper: text placed in markup, with the characters that could end it early
/// replaced by character references. Everything that writes HTML from text uses it (the
/// serializer, pages, the preview, the reports); only the engines' byte-level writers, which
/// must match their C library's bytes, keep their own.
///
/// ```swift
/// HTMLEscaping.escape("a < b & \"c\"")  // a &lt; b &amp; &quot;c&quot;
/// ```
package enum HTMLEscaping {
  /// Where the text goes, which decides what is escaped besides `&`, `<` and `>`.
  package enum Context {
    /// Element text: `&`, `<` and `>` only.
    case text
    /// Element text or a double-quoted attribute value: `"` too.
    case quotedValue
    /// Anywhere in markup, quoted with either quote: `"` and `'` too.
    case anywhere
  }

  /// `text` escaped for `context`; by default safe both as element text and inside an
  /// attribute value in either quote.
  package static func escape(_ text: String, for context: Context = .anywhere) -> String {
    guard needsEscaping(text, for: context) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    appendEscaping(text, for: context, to: &escaped)
    return escaped
  }

  /// Appends `text` escaped for `context` to `output`: the serializer's way, with no string
  /// built per text.
  package static func append(_ text: String, for context: Context, to output: inout String) {
    // Most text has nothing to escape: append it whole rather than scalar by scalar.
    guard needsEscaping(text, for: context) else {
      output += text
      return
    }
    appendEscaping(text, for: context, to: &output)
  }

  /// Appends valid UTF-8 `text` escaped for `context` to `output`: the same escaping as
  /// ``append(_:for:to:)``, byte by byte (what it replaces is ASCII, never part of a
  /// multi-byte scalar), with the runs between replacements copied whole.
  package static func append(
    utf8 text: UnsafeBufferPointer<UInt8>, for context: Context, to output: inout HTMLOutput
  ) {
    guard let base = text.baseAddress else { return }
    let count = text.count
    var start = 0
    while true {
      let index = firstToEscape(in: base, from: start, count: count, for: context)
      output.append(base + start, count: index - start)
      guard index < count else { return }
      switch base[index] {
      case UInt8(ascii: "&"): output.append("&amp;")
      case UInt8(ascii: "<"): output.append("&lt;")
      case UInt8(ascii: ">"): output.append("&gt;")
      case UInt8(ascii: "\""): output.append("&quot;")
      default: output.append("&#39;")
      }
      start = index + 1
    }
  }

  /// The position of the first byte from `start` that `context` replaces, else `count`.
  private static func firstToEscape(
    in base: UnsafePointer<UInt8>, from start: Int, count: Int, for context: Context
  ) -> Int {
    // One loop per context, so that each tests only the bytes it replaces.
    switch context {
    case .text:
      firstToEscape(in: base, from: start, count: count, quote: false, apostrophe: false)
    case .quotedValue:
      firstToEscape(in: base, from: start, count: count, quote: true, apostrophe: false)
    case .anywhere:
      firstToEscape(in: base, from: start, count: count, quote: true, apostrophe: true)
    }
  }

  /// ``firstToEscape(in:from:count:for:)``, `"` and `'` replaced as `quote` and `apostrophe`
  /// say.
  ///
  /// Eight bytes are tested at once, as one word: text is mostly runs with nothing to
  /// escape, and a byte-by-byte loop over them would be most of what serializing costs.
  @inline(__always)
  private static func firstToEscape(
    in base: UnsafePointer<UInt8>, from start: Int, count: Int, quote: Bool, apostrophe: Bool
  ) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    // `<` and `>` differ in one bit: with it set, both read as `>`.
    let angles = UInt64(UInt8(ascii: ">")) &* ones
    let ampersands = UInt64(UInt8(ascii: "&")) &* ones
    let quotes = UInt64(UInt8(ascii: "\"")) &* ones
    let apostrophes = UInt64(UInt8(ascii: "'")) &* ones
    // The high bit of each zero byte of `word` is set (and maybe bits above a zero byte:
    // only ever in a word that has one, which is all the test asks).
    @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }
    var index = start
    let raw = UnsafeRawPointer(base)
    while index + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      var found = zeroBytes((word | 0x0202_0202_0202_0202) ^ angles) | zeroBytes(word ^ ampersands)
      if quote { found |= zeroBytes(word ^ quotes) }
      if apostrophe { found |= zeroBytes(word ^ apostrophes) }
      if found & 0x8080_8080_8080_8080 != 0 { break }
      index += 8
    }
    while index < count {
      switch base[index] {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return index
      case UInt8(ascii: "\"") where quote: return index
      case UInt8(ascii: "'") where apostrophe: return index
      default: index += 1
      }
    }
    return count
  }

  private static func appendEscaping(
    _ text: String, for context: Context, to output: inout String
  ) {
    // Scalar by scalar, never by Character: a quote followed by a combining mark is one
    // Character but still ends an attribute value.
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"" where context != .text: output += "&quot;"
      case "'" where context == .anywhere: output += "&#39;"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }

  private static func needsEscaping(_ text: String, for context: Context) -> Bool {
    text.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
      case UInt8(ascii: "\""): context != .text
      case UInt8(ascii: "'"): context == .anywhere
      default: false
      }
    }
  }
}
