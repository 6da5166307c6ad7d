/// The user-agent and author rules ready for matching: selectors split into parts, parts
/// indexed by the most selective name in their compound.
///
/// Built once per ``Stylesheet``; every cascade reads it without changing it.
final class CompiledStylesheet: Sendable {
  let rules: [CascadeRule]
  let parts: [SelectorPart]
  let vocabulary: SelectorVocabulary
  /// Parts indexed by the vocabulary number of their compound's id, first class, or tag, or
  /// kept in ``universalParts`` when the compound names none.
  let partsByID: [[Int32]]
  let partsByClass: [[Int32]]
  let partsByTag: [[Int32]]
  let universalParts: [Int32]

  init(userAgent: [StyleRule], author: [StyleRule]) {
    var vocabulary = SelectorVocabulary()
    let layered =
      userAgent.map { ($0, CascadeRule.Origin.userAgent) } + author.map { ($0, .author) }
    for (rule, _) in layered {
      for selector in rule.selectors { vocabulary.add(selector) }
    }
    var rules: [CascadeRule] = []
    var parts: [SelectorPart] = []
    for (rule, origin) in layered {
      let ruleNumber = Int32(rules.count)
      rules.append(
        CascadeRule(declarations: rule.declarations, origin: origin, schemes: rule.schemes))
      for selector in rule.selectors {
        let specificity = Int32(selector.specificity)
        for (position, compound) in selector.compounds.enumerated() {
          let isLast = position == selector.compounds.count - 1
          let role: SelectorPart.Role
          switch isLast ? nil : selector.combinators[position] {
          case nil: role = .match
          case .child: role = .parentOfNext
          case .descendant: role = .ancestorOfNext
          case .adjacent: role = .previousSiblingOfNext
          case .sibling: role = .earlierSiblingOfNext
          }
          parts.append(
            SelectorPart(
              compound: CompiledCompound(compound, vocabulary: vocabulary),
              left: position == 0 ? nil : Int32(parts.count - 1),
              leftRelation: position == 0 ? .descendant : selector.combinators[position - 1],
              role: role, rule: ruleNumber, specificity: specificity))
        }
      }
    }
    var byID = [[Int32]](repeating: [], count: vocabulary.ids.count)
    var byClass = [[Int32]](repeating: [], count: vocabulary.classes.count)
    var byTag = [[Int32]](repeating: [], count: vocabulary.tags.count)
    var universal: [Int32] = []
    for (number, part) in parts.enumerated() {
      let compound = part.compound
      if compound.id >= 0 {
        byID[Int(compound.id)].append(Int32(number))
      } else if let first = compound.classes.first {
        byClass[Int(first)].append(Int32(number))
      } else if compound.tag >= 0 {
        byTag[Int(compound.tag)].append(Int32(number))
      } else {
        universal.append(Int32(number))
      }
    }
    self.rules = rules
    self.parts = parts
    self.vocabulary = vocabulary
    partsByID = byID
    partsByClass = byClass
    partsByTag = byTag
    universalParts = universal
  }
}
