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
  /// The distinct `:nth-*()` conditions, numbered.
  private(set) var positionConditions: [PositionCondition: Int32] = [:]
  /// Whether any selector uses `:link`.
  private(set) var usesLinks = false
  /// Whether any selector uses `+` or `~` (an element's style then depends on its siblings).
  private(set) var usesSiblings = false

  mutating func add(_ selector: Selector) {
    for compound in selector.compounds { add(compound) }
    usesSiblings =
      usesSiblings || selector.combinators.contains { $0 == .adjacent || $0 == .sibling }
  }

  private mutating func add(_ compound: CompoundSelector) {
    if let tag = compound.tag { _ = Self.number(tag, in: &tags) }
    if let id = compound.id { _ = Self.number(id, in: &ids) }
    for name in compound.classes { _ = Self.number(name, in: &classes) }
    for condition in compound.attributes {
      let name = Self.number(condition.name, in: &attributeNames)
      if Int(name) == attributeValues.count { attributeValues.append([:]) }
      if let value = condition.value { _ = Self.number(value, in: &attributeValues[Int(name)]) }
    }
    usesPositions = usesPositions || compound.firstChild || compound.lastChild
    for condition in compound.positions where positionConditions[condition] == nil {
      positionConditions[condition] = Int32(positionConditions.count)
    }
    usesLinks = usesLinks || compound.link
    // One level only: a negation holds no negation of its own.
    for negation in compound.negations { add(negation) }
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
