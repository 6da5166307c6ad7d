/// Every name the selectors mention, numbered, so elements are matched by comparing integers.
///
/// An element's tag, id, classes and attributes are reduced to these numbers; names no
/// selector mentions become -1 or are left out, which is also what lets elements that differ
/// only in irrelevant ways share one cascade result.
struct SelectorVocabulary: Sendable {
  private(set) var tags: [String: Int32] = [:]
  private(set) var ids: [String: Int32] = [:]
  private(set) var classes: [String: Int32] = [:]
  private(set) var attributeNames: [String: Int32] = [:]
  /// The values `[name=value]` tests, per attribute name number.
  private(set) var attributeValues: [[String: Int32]] = []
  /// Whether any selector uses `:first-child` or `:last-child`.
  private(set) var usesPositions = false

  mutating func add(_ compound: CompoundSelector) {
    if let tag = compound.tag { _ = Self.number(tag, in: &tags) }
    if let id = compound.id { _ = Self.number(id, in: &ids) }
    for name in compound.classes { _ = Self.number(name, in: &classes) }
    for condition in compound.attributes {
      let name = Self.number(condition.name, in: &attributeNames)
      if Int(name) == attributeValues.count { attributeValues.append([:]) }
      if let value = condition.value { _ = Self.number(value, in: &attributeValues[Int(name)]) }
    }
    usesPositions = usesPositions || compound.firstChild || compound.lastChild
  }

  /// Static: as a method of `self` it would copy the table on every call (`self` is read while
  /// the table is written).
  private static func number(_ name: String, in table: inout [String: Int32]) -> Int32 {
    if let existing = table[name] { return existing }
    let next = Int32(table.count)
    table[name] = next
    return next
  }
}
