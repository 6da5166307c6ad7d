/// The grapheme clusters of a stretch of a string cut at scalar offsets.
///
/// Two ASCII characters in a row never join (except CR LF), so an ASCII character followed
/// by another is a cluster of its own without asking the grapheme breaking rules; only text
/// next to non-ASCII pays for them. Clusters never straddle the stretch's edges.
struct GraphemeClusterIterator: IteratorProtocol {
  private let string: String
  private var index: String.Index
  private let end: String.Index

  /// The clusters of `string` from `start` to `end`, both on scalar boundaries.
  init(_ string: String, from start: String.Index, to end: String.Index) {
    self.string = string
    index = start
    self.end = end
  }

  mutating func next() -> Character? {
    guard index < end else { return nil }
    let utf8 = string.utf8
    let byte = utf8[index]
    if byte < 0x80 {
      let following = utf8.index(after: index)
      if following == end
        || (utf8[following] < 0x80 && !(byte == 0x0D && utf8[following] == 0x0A))
      {
        index = following
        return Character(Unicode.Scalar(byte))
      }
    }
    guard let character = Substring(string.unicodeScalars[index..<end]).first else { return nil }
    index = utf8.index(index, offsetBy: character.utf8.count)
    return character
  }
}
