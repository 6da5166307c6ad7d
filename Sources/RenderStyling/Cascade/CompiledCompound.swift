/// A compound selector with its names replaced by vocabulary numbers.
struct CompiledCompound: Sendable {
  /// -1 matches any element.
  var tag: Int32
  /// -1 means no id condition.
  var id: Int32
  var classes: [Int32]
  /// (attribute number, value number or -1 for "present").
  var attributes: [(name: Int32, value: Int32)]
  var firstChild: Bool
  var lastChild: Bool
  /// Sorted numbers of the `:nth-*()` conditions that must hold.
  var positions: [Int32]
  var link: Bool
  var root: Bool
  /// `:not()`: none of these may match.
  var negations: [CompiledCompound]

  init(_ compound: CompoundSelector, vocabulary: SelectorVocabulary) {
    tag = compound.tag.flatMap { vocabulary.tags[$0] } ?? -1
    id = compound.id.flatMap { vocabulary.ids[$0] } ?? -1
    classes = compound.classes.compactMap { vocabulary.classes[$0] }
    attributes = compound.attributes.compactMap { condition in
      guard let name = vocabulary.attributeNames[condition.name] else { return nil }
      let value = condition.value.flatMap { vocabulary.attributeValues[Int(name)][$0] } ?? -1
      return (name, value)
    }
    firstChild = compound.firstChild
    lastChild = compound.lastChild
    positions = compound.positions.compactMap { vocabulary.positionConditions[$0] }.sorted()
    link = compound.link
    root = compound.root
    negations = compound.negations.map { CompiledCompound($0, vocabulary: vocabulary) }
  }

  func matches(_ element: ElementFeatures) -> Bool {
    if tag >= 0 && tag != element.tag { return false }
    if id >= 0 && id != element.id { return false }
    if firstChild && !element.isFirstChild { return false }
    if lastChild && !element.isLastChild { return false }
    if link && !element.isLink { return false }
    if root && !element.isRoot { return false }
    for condition in positions where !element.positions.contains(condition) { return false }
    for name in classes where !element.classes.contains(name) { return false }
    for condition in attributes {
      guard
        element.attributes.contains(where: {
          $0.name == condition.name && (condition.value < 0 || $0.value == condition.value)
        })
      else { return false }
    }
    for negation in negations where negation.matches(element) { return false }
    return true
  }
}
