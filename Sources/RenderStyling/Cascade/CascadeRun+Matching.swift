extension CascadeRun {
  /// A rule that matched, with what orders it in the cascade.
  private struct Match {
    var origin: CascadeRule.Origin
    var specificity: Int32
    var rule: Int32
  }

  /// Matches the element that `key` describes and computes its style.
  mutating func makeContext(for key: ContextKey) -> Int32 {
    let element = features(of: key.signature)
    let parent = contexts[Int(key.parent)]
    let parentAncestors = ancestorSets[Int(parent.ancestorSet)]
    let previousSibling = partSets[Int(key.previousSibling)]
    let earlierSiblings = partSets[Int(key.earlierSiblings)]
    var matches: [Match] = []
    var parentParts: [Int32] = []
    var newAncestors: [Int32] = []
    var previousSiblingParts: [Int32] = []
    var earlierSiblingParts: [Int32] = []
    var tried = 0
    forEachCandidate(of: element) { number in
      let part = compiled.parts[Int(number)]
      tried += 1 + part.compound.negations.count
      guard compiled.rules[Int(part.rule)].schemes.contains(scheme),
        part.compound.matches(element)
      else { return }
      if let left = part.left {
        let holds: Bool
        switch part.leftRelation {
        case .child: holds = Self.contains(parent.parentParts, left)
        case .descendant: holds = Self.contains(parentAncestors, left)
        case .adjacent: holds = Self.contains(previousSibling, left)
        case .sibling: holds = Self.contains(earlierSiblings, left)
        }
        guard holds else { return }
      }
      switch part.role {
      case .match:
        matches.append(
          Match(
            origin: compiled.rules[Int(part.rule)].origin, specificity: part.specificity,
            rule: part.rule))
      case .parentOfNext: parentParts.append(number)
      case .ancestorOfNext: newAncestors.append(number)
      case .previousSiblingOfNext: previousSiblingParts.append(number)
      case .earlierSiblingOfNext: earlierSiblingParts.append(number)
      }
    }
    work += tried
    let parentStyle = uniqueStyles[Int(parent.style)]
    let (values, declaredCustom) = winningValues(
      matches, hints: inlineDeclarations[Int(key.signature.hints)],
      inline: inlineDeclarations[Int(key.signature.inlineStyle)])
    var winning = values
    var custom = parentStyle.customProperties
    if !declaredCustom.isEmpty {
      custom = VariableSubstitution.resolve(
        declared: declaredCustom, inherited: custom, work: &work)
    }
    for property in CSSProperty.allCases {
      guard case .unresolved(let name, let text)? = winning[property.rawValue] else { continue }
      winning[property.rawValue] = substituted(
        name: name, text: text, for: property, custom: custom)
    }
    var style = StyleComputer.compute(
      parent: parentStyle, winning: winning, rootFontSize: rootFontSize)
    style.customProperties = custom
    let context = CascadeContext(
      style: intern(style), parentParts: parentParts.sorted(),
      ancestorSet: ancestorSet(parent: parent.ancestorSet, adding: newAncestors),
      hidden: style.display == .none, previousSiblingParts: previousSiblingParts.sorted(),
      earlierSiblingParts: earlierSiblingParts.sorted())
    // Contexts equal in all that children can see are one context: then a deep tree of
    // repeating elements stops producing new keys after a few levels.
    if let existing = contextNumbers[context] { return existing }
    let number = Int32(contexts.count)
    append(context)
    contextNumbers[context] = number
    return number
  }

  private func features(of signature: ElementSignature) -> ElementFeatures {
    var element = ElementFeatures()
    element.tag = signature.tag
    element.id = signature.id
    element.classes = classSets[Int(signature.classSet)]
    let flat = attributeSets[Int(signature.attributeSet)]
    element.attributes = stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) }
    element.isFirstChild = signature.position & 1 != 0
    element.isLastChild = signature.position & 2 != 0
    element.isLink = signature.position & 4 != 0
    element.isRoot = signature.position & 8 != 0
    element.positions = positionSets[Int(signature.positionSet)]
    return element
  }

  private func forEachCandidate(of element: ElementFeatures, _ visit: (Int32) -> Void) {
    compiled.universalParts.forEach(visit)
    if element.tag >= 0 { compiled.partsByTag[Int(element.tag)].forEach(visit) }
    if element.id >= 0 { compiled.partsByID[Int(element.id)].forEach(visit) }
    for name in element.classes { compiled.partsByClass[Int(name)].forEach(visit) }
  }

  /// The declared value that wins for each property: normal declarations of the user agent,
  /// the presentational hints, the author, and the `style` attribute, then important ones of the author, the `style`
  /// attribute and the user agent; within a layer, by specificity, then source order.
  private func winningValues(
    _ matches: [Match], hints: [Declaration], inline: [Declaration]
  ) -> (values: [DeclaredValue?], custom: [String: String]) {
    let sorted = matches.sorted {
      ($0.origin, $0.specificity, $0.rule) < ($1.origin, $1.specificity, $1.rule)
    }
    var winning = [DeclaredValue?](repeating: nil, count: CSSProperty.allCases.count)
    var custom: [String: String] = [:]
    func take(_ declarations: [Declaration], important: Bool) {
      for declaration in declarations where declaration.important == important {
        if let property = declaration.property {
          winning[property.rawValue] = declaration.value
        } else if case .custom(let name, let text) = declaration.value {
          custom[name] = text
        }
      }
    }
    for match in sorted where match.origin == .userAgent {
      take(compiled.rules[Int(match.rule)].declarations, important: false)
    }
    take(hints, important: false)
    for match in sorted where match.origin == .author {
      take(compiled.rules[Int(match.rule)].declarations, important: false)
    }
    take(inline, important: false)
    for match in sorted where match.origin == .author {
      take(compiled.rules[Int(match.rule)].declarations, important: true)
    }
    take(inline, important: true)
    for match in sorted where match.origin == .userAgent {
      take(compiled.rules[Int(match.rule)].declarations, important: true)
    }
    return (winning, custom)
  }

  /// A value with `var()` references, substituted with the element's custom properties and
  /// parsed for `property`; `unset` when that fails (invalid at computed-value time).
  private mutating func substituted(
    name: String, text: String, for property: CSSProperty, custom: [String: String]
  ) -> DeclaredValue {
    guard let value = VariableSubstitution.substitute(text, properties: custom, work: &work),
      case .values(let values) = PropertyValueParser.parse(name: name, value: value),
      let parsed = values[property]
    else { return .unset }
    if case .unresolved = parsed { return .unset }
    return parsed
  }

  /// The parent's ancestor set with `parts` added, reusing it when nothing is new.
  private mutating func ancestorSet(parent: Int32, adding parts: [Int32]) -> Int32 {
    let inherited = ancestorSets[Int(parent)]
    let fresh = parts.filter { !Self.contains(inherited, $0) }
    guard !fresh.isEmpty else { return parent }
    work += inherited.count + fresh.count
    ancestorSets.append((inherited + fresh).sorted())
    return Int32(ancestorSets.count - 1)
  }

  static func contains(_ sorted: [Int32], _ value: Int32) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == value
  }
}
