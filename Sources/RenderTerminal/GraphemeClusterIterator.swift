/// The grapheme clusters of a stretch of a string, as UTF-8 byte offsets.
///
/// Two ASCII characters in a row never join (except CR LF), so an ASCII byte followed by
/// another is a cluster of its own without asking the grapheme breaking rules, and without a
/// `Character`; only text next to non-ASCII pays for them. Clusters never straddle the
/// stretch's edges.
struct GraphemeClusterIterator {
  /// One cluster: where its bytes are in the string, how many scalars it has, and the
  /// `Character` unless it is a single ASCII byte.
  struct Cluster {
    var offset: Int
    var byteCount: Int
    var scalarCount: Int
    var character: Character?
  }

  private let string: String
  private var offset: Int
  private let end: Int

  /// The clusters of `string` from UTF-8 offset `start` to `end`, both on scalar boundaries.
  init(_ string: String, from start: Int, to end: Int) {
    self.string = string
    offset = start
    self.end = end
  }

  /// The next cluster; `bytes` are the string's UTF-8 from `base` on (read by index, so the
  /// common ASCII case never touches the string).
  mutating func next(in bytes: [UInt8], base: Int) -> Cluster? {
    guard offset < end else { return nil }
    let byte = bytes[base + offset]
    if byte < 0x80 {
      let following = offset + 1
      if following == end {
        defer { offset = following }
        return Cluster(offset: offset, byteCount: 1, scalarCount: 1, character: nil)
      }
      let next = bytes[base + following]
      if next < 0x80 && !(byte == 0x0D && next == 0x0A) {
        defer { offset = following }
        return Cluster(offset: offset, byteCount: 1, scalarCount: 1, character: nil)
      }
    }
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: offset)
    let stop = utf8.index(utf8.startIndex, offsetBy: end)
    guard let character = Substring(string.unicodeScalars[start..<stop]).first else { return nil }
    let cluster = Cluster(
      offset: offset, byteCount: character.utf8.count,
      scalarCount: character.unicodeScalars.count, character: character)
    offset += cluster.byteCount
    return cluster
  }
}
