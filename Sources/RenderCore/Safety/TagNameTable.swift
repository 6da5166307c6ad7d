/// A fixed set of tag or attribute names, each with the index it was given, found without
/// hashing through `Hasher`: ``GeneratedHTMLChecker`` looks up every tag and attribute name an
/// engine writes, and SipHash over a name's two words would cost more than the rest of the
/// check.
struct TagNameTable {
  /// Open addressing, a quarter full at most: each slot holds a name and its index, or -1.
  private var names: [TagName]
  private var indices: [Int]
  private let mask: Int

  /// The table of `names`, each found as its position in the list.
  init(_ names: [TagName]) {
    var capacity = 16
    while capacity < names.count * 4 { capacity *= 2 }
    self.names = Array(repeating: TagName(""), count: capacity)
    indices = Array(repeating: -1, count: capacity)
    mask = capacity - 1
    for (index, name) in names.enumerated() {
      var slot = name.tableSlot & mask
      while indices[slot] >= 0 { slot = (slot + 1) & mask }
      self.names[slot] = name
      indices[slot] = index
    }
  }

  /// The position of `name` in the list the table was made from, or nil.
  func index(of name: TagName) -> Int? {
    var slot = name.tableSlot & mask
    while indices[slot] >= 0 {
      if names[slot] == name { return indices[slot] }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Whether `name` is in the table.
  func contains(_ name: TagName) -> Bool { index(of: name) != nil }
}
