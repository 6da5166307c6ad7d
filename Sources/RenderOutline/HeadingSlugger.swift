/// Turns heading text into the anchors GitHub gives headings, unique within one document.
///
/// The rules are github-slugger's (the library GitHub's own rendering is matched by): the text
/// is lower-cased; every character that is punctuation, a symbol, a separator, a control or
/// format character, private-use, unassigned or an "other" number (`²`, `½`) is dropped, except
/// `-`, `_` (and other connector punctuation), the space, and characters Unicode calls
/// alphabetic (letters in any script, so `é`, `ж` and `你` stay); then each space becomes `-`.
/// A slug seen before gets `-1`, `-2`, … (the first free one), so every anchor is distinct.
///
/// ```swift
/// var slugger = HeadingSlugger()
/// slugger.slug(for: "Hello, World!")   // "hello-world"
/// slugger.slug(for: "Hello World")     // "hello-world-1"
/// slugger.slug(for: "Café crème")      // "café-crème"
/// ```
public struct HeadingSlugger: Sendable, Hashable {
  /// For each slug handed out or reserved, how many times its text has been asked for again.
  private var occurrences: [String: Int] = [:]
  /// Every anchor handed out or reserved, in order.
  public private(set) var anchors: [String] = []

  /// Creates a slugger that has seen no heading.
  public init() {}

  /// A slugger that has handed out or reserved `anchors`: it numbers the next heading as the
  /// slugger that made them would (a slug's count of duplicates only ever skips anchors taken,
  /// so the anchors alone are its state).
  public init(taking anchors: some Sequence<String>) {
    for anchor in anchors { reserve(anchor) }
  }

  /// The unique anchor for a heading with this text.
  public mutating func slug(for text: String) -> String {
    slug(forBase: Self.baseSlug(text))
  }

  /// The unique anchor for a heading whose text is these UTF-8 bytes, trimmed of white space:
  /// ``slug(for:)`` of the trimmed text, made from the bytes when they are ASCII.
  /// `pieces` keeps what scalars beyond ASCII become, from one heading to the next.
  mutating func slug(
    forUntrimmedUTF8 text: UnsafeBufferPointer<UInt8>, pieces: inout [Unicode.Scalar: String]
  ) -> String {
    guard let base = Self.asciiBaseSlug(untrimmed: text) else {
      let trimmed = String(decoding: text, as: UTF8.self).trimmingWhitespace
      return slug(forBase: Self.baseSlug(trimmed, pieces: &pieces))
    }
    return slug(forBase: base)
  }

  /// The anchor for a heading whose slug before numbering is `base`.
  private mutating func slug(forBase base: String) -> String {
    // One hash of the slug when it is new (most are): its count is put back when it was not.
    if let count = occurrences.updateValue(0, forKey: base) {
      occurrences[base] = count
    } else {
      anchors.append(base)
      return base
    }
    var slug = base
    while occurrences[slug] != nil {
      occurrences[base, default: 0] += 1
      slug = "\(base)-\(occurrences[base]!)"
    }
    occurrences[slug] = 0
    anchors.append(slug)
    return slug
  }

  /// ``baseSlug(_:)`` of ASCII text trimmed of white space, byte by byte; nil when the text is
  /// not ASCII (its letters need Unicode's rules).
  static func asciiBaseSlug(untrimmed text: UnsafeBufferPointer<UInt8>) -> String? {
    // White space as `trimmingWhitespace` has it: tab to carriage return, and the space.
    func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    var start = 0
    var end = text.count
    while start < end, isWhitespace(text[start]) { start += 1 }
    while end > start, isWhitespace(text[end - 1]) { end -= 1 }
    var slug: [UInt8] = []
    slug.reserveCapacity(end - start)
    for byte in text[start..<end] {
      switch byte {
      case 0x80...: return nil
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte | 0x20)
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "_"), UInt8(ascii: "-"):
        slug.append(byte)
      case UInt8(ascii: " "): slug.append(UInt8(ascii: "-"))
      default: continue
      }
    }
    return String(decoding: slug, as: UTF8.self)
  }

  /// Marks an anchor as taken (a heading that already has an `id`), so no slug repeats it.
  public mutating func reserve(_ anchor: String) {
    guard occurrences[anchor] == nil else { return }
    occurrences[anchor] = 0
    anchors.append(anchor)
  }

  /// The slug of `text` before duplicates are numbered.
  public static func baseSlug(_ text: String) -> String {
    var pieces: [Unicode.Scalar: String] = [:]
    return baseSlug(text, pieces: &pieces)
  }

  /// ``baseSlug(_:)``, with what each scalar beyond ASCII becomes kept in `pieces` for the
  /// next text: a heading's letters repeat from heading to heading, and Unicode's properties
  /// cost far more to read than a look-up. Lower-casing maps each scalar alone (no context, as
  /// `String.lowercased()` does), so the slug is the pieces of its scalars in order.
  static func baseSlug(_ text: String, pieces: inout [Unicode.Scalar: String]) -> String {
    var slug = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
          slug.unicodeScalars.append(Unicode.Scalar(byte | 0x20))
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
          UInt8(ascii: "_"), UInt8(ascii: "-"):
          slug.unicodeScalars.append(scalar)
        case UInt8(ascii: " "): slug.unicodeScalars.append("-")
        default: continue
        }
      } else if let piece = pieces[scalar] {
        slug += piece
      } else {
        var piece = String.UnicodeScalarView()
        for lower in scalar.properties.lowercaseMapping.unicodeScalars where isKept(lower) {
          piece.append(lower == " " ? "-" : lower)
        }
        pieces[scalar] = String(piece)
        slug += String(piece)
      }
    }
    return slug
  }

  private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " || scalar == "-" { return true }
    if scalar.isASCII {
      let value = scalar.value
      return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value)
        || (0x41...0x5A).contains(value) || value == 0x5F
    }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .otherNumber, .closePunctuation, .finalPunctuation, .initialPunctuation,
      .openPunctuation, .otherPunctuation, .dashPunctuation, .mathSymbol, .currencySymbol,
      .modifierSymbol, .otherSymbol, .control, .privateUse, .format, .unassigned,
      .spaceSeparator, .lineSeparator, .paragraphSeparator:
      return false
    default:
      return true
    }
  }
}
