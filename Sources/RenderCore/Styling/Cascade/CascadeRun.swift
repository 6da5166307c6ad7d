/// One cascade over one document: a single forward pass over the nodes (parents come before
/// their children), with a cache of contexts so that elements that look alike to the
/// stylesheet, under parents that do, share one cascade result.
struct CascadeRun {
  let compiled: CompiledStylesheet
  let scheme: SchemeMask
  var contexts: [CascadeContext] = []
  var contextTable: [ContextKey: Int32] = [:]
  var ancestorSets: [[Int32]] = [[]]
  var uniqueStyles: [ComputedStyle] = []
  var styleTable: [ComputedStyle: Int32] = [:]
  var classSetsByText: [String: Int32] = [:]
  var classSets: [[Int32]] = [[]]
  var classSetTable: [[Int32]: Int32] = [[]: 0]
  var attributeSets: [[Int32]] = [[]]
  var attributeSetTable: [[Int32]: Int32] = [[]: 0]
  var inlineStylesByText: [String: Int32] = [:]
  var inlineDeclarations: [[Declaration]] = [[]]
  var rootFontSize = ComputedStyle().fontSize
  var rootFontSizeIsSet = false

  init(compiled: CompiledStylesheet, colorScheme: ColorScheme) {
    self.compiled = compiled
    scheme = SchemeMask(colorScheme)
  }

  /// The computed style of every node of `document`.
  mutating func run(_ document: Document) -> CascadedStyles {
    let nodes = document.nodes
    var rootStyle = ComputedStyle()
    rootStyle.display = .block
    contexts.append(
      CascadeContext(style: intern(rootStyle), parentParts: [], ancestorSet: 0, hidden: false))
    var styleIndices = [Int32](repeating: 0, count: nodes.count)
    var contextOfNode = [Int32](repeating: 0, count: nodes.count)
    for index in nodes.indices.dropFirst() {
      let node = nodes[index]
      guard let parent = node.parent else { continue }
      let parentContext = contextOfNode[parent]
      if node.kind == .text || contexts[Int(parentContext)].hidden {
        styleIndices[index] = styleIndices[parent]
        contextOfNode[index] = parentContext
        continue
      }
      let key = ContextKey(
        parent: parentContext, signature: signature(of: node, at: index, in: nodes))
      let context: Int32
      if let cached = contextTable[key] {
        context = cached
      } else {
        context = makeContext(for: key)
        contextTable[key] = context
        if parent == document.root && !rootFontSizeIsSet {
          rootFontSize = uniqueStyles[Int(contexts[Int(context)].style)].fontSize
          rootFontSizeIsSet = true
        }
      }
      contextOfNode[index] = context
      styleIndices[index] = contexts[Int(context)].style
    }
    return CascadedStyles(uniqueStyles: uniqueStyles, styleIndices: styleIndices)
  }

  func isHidden(_ context: Int32) -> Bool { contexts[Int(context)].hidden }

  mutating func intern(_ style: ComputedStyle) -> Int32 {
    if let existing = styleTable[style] { return existing }
    let number = Int32(uniqueStyles.count)
    uniqueStyles.append(style)
    styleTable[style] = number
    return number
  }

  private mutating func signature(
    of node: DocumentNode, at index: Int, in nodes: [DocumentNode]
  ) -> ElementSignature {
    let vocabulary = compiled.vocabulary
    var signature = ElementSignature()
    signature.tag = vocabulary.tags[node.name] ?? -1
    var attributes: [Int32] = []
    for attribute in node.attributes {
      switch attribute.name {
      case "id": signature.id = vocabulary.ids[attribute.value] ?? -1
      case "class": signature.classSet = classSet(attribute.value)
      case "style": signature.inlineStyle = inlineStyle(attribute.value)
      default: break
      }
      if let name = vocabulary.attributeNames[attribute.name] {
        attributes.append(name)
        attributes.append(vocabulary.attributeValues[Int(name)][attribute.value] ?? -2)
      }
    }
    if !attributes.isEmpty { signature.attributeSet = intern(attributes: attributes) }
    if vocabulary.usesPositions {
      var first = true
      var sibling = node.previousSibling
      while let current = sibling, first {
        first = nodes[current].kind != .element
        sibling = nodes[current].previousSibling
      }
      var last = true
      sibling = node.nextSibling
      while let current = sibling, last {
        last = nodes[current].kind != .element
        sibling = nodes[current].nextSibling
      }
      signature.position = (first ? 1 : 0) | (last ? 2 : 0)
    }
    return signature
  }

  private mutating func classSet(_ text: String) -> Int32 {
    if let known = classSetsByText[text] { return known }
    let classes = compiled.vocabulary.classes
    let numbers = Array(
      Set(
        text.split(whereSeparator: {
          $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}"
        })
        .compactMap { classes[String($0)] })
    ).sorted()
    let number: Int32
    if let existing = classSetTable[numbers] {
      number = existing
    } else {
      number = Int32(classSets.count)
      classSets.append(numbers)
      classSetTable[numbers] = number
    }
    classSetsByText[text] = number
    return number
  }

  private mutating func intern(attributes: [Int32]) -> Int32 {
    if let existing = attributeSetTable[attributes] { return existing }
    let number = Int32(attributeSets.count)
    attributeSets.append(attributes)
    attributeSetTable[attributes] = number
    return number
  }

  private mutating func inlineStyle(_ text: String) -> Int32 {
    if let known = inlineStylesByText[text] { return known }
    var parser = StylesheetParser(css: text)
    let number = Int32(inlineDeclarations.count)
    inlineDeclarations.append(parser.parseInlineDeclarations())
    inlineStylesByText[text] = number
    return number
  }
}
