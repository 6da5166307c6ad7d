/// What each element name met in one document means to layout (its ``ElementRole`` and
/// ``RenderingRule``), remembered in a small table of the names seen last.
///
/// Looking both up in their hash tables costs two string hashes per element; a document uses
/// few distinct names, over and over, and comparing a remembered name (short names compare
/// as two machine words) is far cheaper than hashing it.
struct ElementNameMeanings {
  private struct Entry {
    var name: String
    var role: ElementRole
    var rule: RenderingRule?
  }

  /// A power of two; the slot of a name is picked from its length and its first and last
  /// bytes, which tell most HTML names apart.
  private static let slotCount = 64
  private var slots: [Entry?] = Array(repeating: nil, count: slotCount)

  /// The role and the rendering rule of the element `name` (lower-case).
  mutating func meaning(of name: String) -> (role: ElementRole, rule: RenderingRule?) {
    let utf8 = name.utf8
    let key = utf8.count &* 7 &+ Int(utf8.first ?? 0) &* 3 &+ Int(utf8.last ?? 0)
    let slot = key & (Self.slotCount - 1)
    if let entry = slots[slot], entry.name == name { return (entry.role, entry.rule) }
    let entry = Entry(name: name, role: ElementRole(name: name), rule: RenderingRule.kind(of: name))
    slots[slot] = entry
    return (entry.role, entry.rule)
  }
}
