/// A set of ``DocumentName``s, one bit per name number: what a table of element traits read
/// once per node (``HTMLLayout``) needs, where a set of strings would hash a name per lookup.
///
/// ```swift
/// let blocks: DocumentNameSet = [.p, .pre, .hr]
/// blocks.contains(document.nameID(of: node))
/// ```
package struct DocumentNameSet: Sendable, Hashable, ExpressibleByArrayLiteral {
  private var words: [UInt64] = []

  /// The set of `names`.
  package init(arrayLiteral names: DocumentName...) {
    for name in names { insert(name) }
  }

  /// Adds `name`.
  package mutating func insert(_ name: DocumentName) {
    let word = Int(name.rawValue >> 6)
    if word >= words.count { words += repeatElement(0, count: word + 1 - words.count) }
    words[word] |= 1 << UInt64(name.rawValue & 63)
  }

  /// The names in either set.
  package func union(_ other: DocumentNameSet) -> DocumentNameSet {
    var union = self
    for (index, word) in other.words.enumerated() {
      if index < union.words.count {
        union.words[index] |= word
      } else {
        union.words.append(word)
      }
    }
    return union
  }

  /// Whether `name` is in the set.
  @inline(__always)
  package func contains(_ name: DocumentName) -> Bool {
    let word = Int(name.rawValue >> 6)
    return word < words.count && words[word] & (1 << UInt64(name.rawValue & 63)) != 0
  }
}
