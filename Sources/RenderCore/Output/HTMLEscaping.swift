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

  /// Appends valid UTF-8 `text` escaped for `context` to the bytes `output`: the same escaping
  /// as ``append(_:for:to:)``, byte by byte (what it replaces is ASCII, never part of a
  /// multi-byte scalar).
  package static func append(
    utf8 text: UnsafeBufferPointer<UInt8>, for context: Context, to output: inout [UInt8]
  ) {
    var start = 0
    for index in text.indices {
      let replacement: StaticString
      switch text[index] {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\"") where context != .text: replacement = "&quot;"
      case UInt8(ascii: "'") where context == .anywhere: replacement = "&#39;"
      default: continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
      output.append(
        contentsOf: UnsafeBufferPointer(
          start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
      start = index + 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
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
