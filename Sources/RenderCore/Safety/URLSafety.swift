/// Decides whether a URL may appear in safe output: the one rule every engine and the
/// sanitizer share, so "safe" means the same everywhere.
///
/// It follows cmark's rule (`javascript:`, `vbscript:`, `file:` and `data:` are dangerous,
/// except `data:image/png|gif|jpeg|webp`) and reads the URL as a browser would: ASCII
/// whitespace and control characters ignored, case folded.
///
/// ```swift
/// URLSafety.isDangerous("Java\tScript:alert(1)")                  // true
/// URLSafety.isDangerous(attributeText: "JaVa&#115;cript:alert(1)") // true
/// URLSafety.isDangerous("https://example.com")                   // false
/// ```
package enum URLSafety {
  private static let dangerousSchemes: Set<String> = ["javascript", "vbscript", "file", "data"]
  private static let safeDataPrefixes = [
    "data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp",
  ]

  /// Whether a browser given this attribute text, as it stands in HTML source, could run
  /// script or read local files: character references are decoded first, once, as a
  /// browser decodes them.
  package static func isDangerous(attributeText: String) -> Bool {
    isDangerous(CharacterReference.decodeText(attributeText))
  }

  /// Whether a browser given this URL (an attribute's value after character references
  /// were decoded, as a parsed ``Document`` holds it) could run script or read local files.
  package static func isDangerous(_ url: String) -> Bool {
    let scheme = browserScheme(of: url)
    guard let scheme, dangerousSchemes.contains(scheme.name) else { return false }
    if scheme.name == "data" {
      return !safeDataPrefixes.contains { scheme.normalizedURL.hasPrefix($0) }
    }
    return true
  }

  /// Whether `url` (decoded, as a ``Document`` holds it) is relative or uses one of `schemes`
  /// (lower-case names), and is not dangerous: the sanitizer's allowlist on top of the one rule.
  ///
  /// ```swift
  /// URLSafety.isAllowed("mailto:a@b.c", schemes: ["http", "https", "mailto"])  // true
  /// URLSafety.isAllowed("ftp://host/x", schemes: ["http", "https"])           // false
  /// URLSafety.isAllowed("data:image/png;base64,AA==", schemes: ["data"])       // true
  /// URLSafety.isAllowed("data:text/html,x", schemes: ["data"])                 // false
  /// ```
  package static func isAllowed(_ url: String, schemes: Set<String>) -> Bool {
    guard !isDangerous(url) else { return false }
    guard let scheme = browserScheme(of: url) else { return true }
    return schemes.contains(scheme.name)
  }

  /// The scheme a browser would see, lower-cased, and the URL as it reads it (lower-cased,
  /// whitespace and controls removed, at most its first 64 bytes); nil when the URL is relative.
  ///
  /// It reads bytes, not characters, and stops at the first `/`, `?` or `#` before a colon:
  /// most URLs are decided within a few bytes, which matters for output full of links.
  private static func browserScheme(of url: String) -> (name: String, normalizedURL: String)? {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(64)
    var colon: Int?
    for byte in url.utf8 where byte > 0x20 && byte != 0x7F {
      if colon == nil {
        if byte == UInt8(ascii: ":") {
          colon = normalized.count
        } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
          || byte == UInt8(ascii: "#")
        {
          return nil
        }
      }
      normalized.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
      if normalized.count >= 64 { break }
    }
    guard let colon, colon > 0 else { return nil }
    let isSchemeByte: (UInt8) -> Bool = { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
    guard normalized[..<colon].allSatisfy(isSchemeByte) else { return nil }
    return (
      String(decoding: normalized[..<colon], as: UTF8.self),
      String(decoding: normalized, as: UTF8.self)
    )
  }
}
