/// The grapheme clusters of a stretch of a string, as UTF-8 byte offsets.
///
/// Most scalars never join their neighbours: ASCII (except CR LF) and the letters, digits and
/// punctuation of ``standsAlone(_:)``. Between two of those there is always a cluster break,
/// so such a scalar is decoded from its bytes and is a cluster of its own, without a
/// `Character` and without asking the grapheme breaking rules; only text next to a combining
/// mark, a joiner or an emoji pays for them. Clusters never straddle the stretch's edges.
struct GraphemeClusterIterator {
  /// One cluster: where its bytes are in the string, how many scalars it has, and its first
  /// scalar (its only one when `scalarCount` is 1). A plain value, so that handing one over
  /// costs no reference counting.
  struct Cluster {
    var offset: Int
    var byteCount: Int
    var scalarCount: Int
    var scalar: UInt32
  }

  private let string: String
  /// The UTF-8 offset of the next cluster (a reader that took bytes itself moves it on).
  var offset: Int
  private let end: Int

  /// The clusters of `string` from UTF-8 offset `start` to `end`, both on scalar boundaries.
  init(_ string: String, from start: Int, to end: Int) {
    self.string = string
    offset = start
    self.end = end
  }

  /// The next cluster; `bytes` are the string's UTF-8 from `base` on (read by index, so the
  /// common case never touches the string).
  @inline(__always)
  mutating func next(in bytes: UnsafeBufferPointer<UInt8>, base: Int) -> Cluster? {
    guard offset < end else { return nil }
    let (scalar, length) = Self.decode(bytes, at: base + offset)
    let following = offset + length
    var alone = following == end
    if !alone, scalar < 0x80 || Self.standsAlone(scalar) {
      let next = bytes[base + following]
      if next < 0x80 {
        // An ASCII scalar never extends the one before; only CR LF is one cluster.
        alone = !(scalar == 0x0D && next == 0x0A)
      } else {
        alone = Self.standsAlone(Self.decode(bytes, at: base + following).scalar)
      }
    }
    if alone {
      defer { offset = following }
      return Cluster(offset: offset, byteCount: length, scalarCount: 1, scalar: scalar)
    }
    return joined(first: scalar)
  }

  /// The cluster at the offset by the grapheme breaking rules (kept out of line, so that
  /// ``next(in:base:)`` stays small enough to inline).
  @inline(never)
  private mutating func joined(first scalar: UInt32) -> Cluster? {
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: offset)
    let stop = utf8.index(utf8.startIndex, offsetBy: end)
    guard let character = Substring(string.unicodeScalars[start..<stop]).first else { return nil }
    let cluster = Cluster(
      offset: offset, byteCount: character.utf8.count,
      scalarCount: character.unicodeScalars.count, scalar: scalar)
    offset += cluster.byteCount
    return cluster
  }

  /// The scalar whose (valid) UTF-8 starts at `index`, and its length in bytes.
  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (scalar: UInt32, length: Int) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 {
      return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      return (
        (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
          | UInt32(bytes[index + 2] & 0x3F), 3
      )
    }
    return (
      (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
        | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4
    )
  }

  /// Whether a non-ASCII scalar is one that no grapheme rule joins to a neighbour of the same
  /// kind or to ASCII: Latin, Greek, Cyrillic, Arabic and Thai letters, general punctuation,
  /// CJK and kana, Hangul syllables and fullwidth forms, without the combining marks, joiners,
  /// spacing marks, prepended marks and Hangul jamo among them. (Grapheme break property
  /// Other or Control, or a precomposed Hangul syllable, which only joins jamo.) U+2028 LINE
  /// SEPARATOR, a Control the styled text puts at every line break inside a block (each line
  /// of a code block), is among them, so that a line break does not take the rules' path.
  static func standsAlone(_ scalar: UInt32) -> Bool {
    guard scalar < 0x10000 else { return false }
    return aloneBits[Int(truncatingIfNeeded: scalar &>> 6)] & (1 &<< UInt64(scalar & 63)) != 0
  }

  /// The scalars that stand alone (``standsAlone(_:)``), all in the Basic Multilingual Plane.
  static let aloneRanges: [ClosedRange<UInt32>] = [
    0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F,
    0x620...0x64A, 0x660...0x66F, 0x671...0x6D3,
    0xE01...0xE30, 0xE32...0xE32, 0xE3F...0xE46, 0xE4F...0xE5B,
    0x1E00...0x1FFF,
    0x2010...0x205E, 0x2100...0x23FF, 0x2500...0x25FF,
    0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF,
    0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60,
  ]

  /// One bit per scalar of the plane, set for those of ``aloneRanges``: a load and a test per
  /// scalar instead of a comparison per range, since every scalar that is not ASCII is looked
  /// up here. Filled a word at a time.
  private static let aloneBits: [UInt64] = {
    var words = [UInt64](repeating: 0, count: 0x10000 / 64)
    for range in aloneRanges {
      var scalar = range.lowerBound
      while scalar <= range.upperBound {
        let bit = UInt64(scalar & 63)
        let count = min(UInt64(range.upperBound - scalar) + 1, 64 - bit)
        words[Int(scalar >> 6)] |= (count == 64 ? ~0 : (1 << count) - 1) << bit
        scalar += UInt32(count)
      }
    }
    return words
  }()
}
