import RenderCore

/// One cascade over one document: a single forward pass over the nodes (parents come before
/// their children), with a cache of contexts so that elements that look alike to the
/// stylesheet, under parents that do, share one cascade result.
///
/// A run may serve document after document (``Stylesheet`` keeps finished runs): its contexts
/// depend only on the stylesheet, the scheme and the root font size, so the next small
/// document finds its `html`, `head` and `body` already matched.
struct CascadeRun {
  let compiled: CompiledStylesheet
  let scheme: SchemeMask
  /// The vocabulary's tables, held directly: the per-element path reads them on every element.
  let tagNumbers: [String: Int32]
  let idNumbers: [String: Int32]
  let classNumbers: [String: Int32]
  let attributeNumbers: [String: Int32]
  let attributeValueNumbers: [[String: Int32]]
  let usesPositions: Bool
  let usesLinks: Bool
  let usesSiblings: Bool
  /// The `:nth-*()` conditions, indexed by their vocabulary number.
  let positionConditions: [PositionCondition]
  /// Interned sets of selector parts (what siblings pass on), 0 the empty set.
  var partSets: [[Int32]] = [[]]
  var partSetTable: [[Int32]: Int32] = [[]: 0]
  /// Interned sets of `:nth-*()` condition numbers, 0 the empty set.
  var positionSets: [[Int32]] = [[]]
  var positionSetTable: [[Int32]: Int32] = [[]: 0]
  /// The set for each combination of places seen (from the start, the end, among the type…).
  var positionSetsByPlace: [SIMD4<Int32>: Int32] = [:]
  var contexts: [CascadeContext] = []
  /// Each context's style, apart from ``contexts`` so that the per-element path copies no arrays.
  var contextStyles: [Int32] = []
  var contextIsHidden: [Bool] = []
  var contextTable: [ContextKey: Int32] = [:]
  var contextNumbers: [CascadeContext: Int32] = [:]
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
  /// Selector parts tried plus ancestor-set entries copied so far: the cost of matching, which
  /// grows with selector length × depth, counted so that a hostile stylesheet stops at
  /// ``maximumWork`` instead of running for minutes.
  var work = 0
  let maximumWork: Int
  /// What making each context cost, counted again by a later document that reuses it, so that
  /// its ``work`` is what a fresh run would count.
  var contextWork: [Int] = []
  /// The document (``documentNumber``) whose ``work`` last counted each context.
  var contextCountedIn: [Int] = []
  var documentNumber = 0
  /// Set when a run that reused contexts found a root font size other than the initial one:
  /// the contexts it reused were computed with the initial one, so its result is discarded and
  /// the document is cascaded by a fresh run.
  private(set) var needsFreshRun = false
  /// The most contexts, styles and interned texts a run keeps for later documents: bounds the
  /// memory a stream of unlike documents makes it hold.
  static let maximumKeptEntries = 4_096

  init(compiled: CompiledStylesheet, colorScheme: ColorScheme, maximumWork: Int) {
    self.compiled = compiled
    self.maximumWork = maximumWork
    scheme = SchemeMask(colorScheme)
    let vocabulary = compiled.vocabulary
    tagNumbers = vocabulary.tags
    idNumbers = vocabulary.ids
    classNumbers = vocabulary.classes
    attributeNumbers = vocabulary.attributeNames
    attributeValueNumbers = vocabulary.attributeValues
    usesPositions = vocabulary.usesPositions
    usesLinks = vocabulary.usesLinks
    usesSiblings = vocabulary.usesSiblings
    var conditions = [PositionCondition](
      repeating: PositionCondition(counting: .child, step: 0, offset: 0),
      count: vocabulary.positionConditions.count)
    for (condition, number) in vocabulary.positionConditions { conditions[Int(number)] = condition }
    positionConditions = conditions
  }

  /// The computed style of every node of `document`.
  ///
  /// - Throws: ``RenderError/limitExceeded(limit:value:maximum:)`` when matching needs more
  ///   than ``maximumWork`` steps.
  mutating func run(_ document: Document) throws(RenderError) -> CascadedStyles {
    let reusesContexts = !contexts.isEmpty
    documentNumber += 1
    work = 0
    rootFontSize = ComputedStyle().fontSize
    rootFontSizeIsSet = false
    if !reusesContexts {
      var rootStyle = ComputedStyle()
      rootStyle.display = .block
      let rootContext = CascadeContext(
        style: intern(rootStyle), parentParts: [], ancestorSet: 0, hidden: false)
      append(rootContext)
      contextNumbers[rootContext] = 0
    }
    let count = document.nodeCount
    // The stylesheet's numbers of the document's names, by name number: looked up once per
    // name rather than once per element.
    let names = document.names.names
    let tagOfName = names.map { tagNumbers[$0] ?? -1 }
    let attributeOfName = names.map { attributeNumbers[$0] }
    var styleIndices = [Int32](repeating: 0, count: count)
    var contextOfNode = [Int32](repeating: 0, count: count)
    var positionOfNode = [UInt8](repeating: 0, count: usesPositions ? count : 0)
    let usesPlaces = !positionConditions.isEmpty
    let places = usesPlaces ? Self.places(in: document) : []
    // What each element passes on to its later siblings, as interned part sets.
    var previousSiblingSetOfNode = [Int32](repeating: 0, count: usesSiblings ? count : 0)
    var earlierSiblingSetOfNode = [Int32](repeating: 0, count: usesSiblings ? count : 0)
    try document.records.withUnsafeBufferPointer { nodes throws(RenderError) in
      for index in 1..<count {
        guard nodes[index].parent != Document.none else { continue }
        let parent = Int(nodes[index].parent)
        let parentContext = contextOfNode[parent]
        if nodes[index].name == .text || contextIsHidden[Int(parentContext)] {
          styleIndices[index] = styleIndices[parent]
          contextOfNode[index] = parentContext
          continue
        }
        let position = usesPositions ? Self.position(of: index, in: nodes) : 0
        if usesPositions { positionOfNode[index] = position }
        let previous = Self.previousElementSibling(of: index, in: nodes)
        // An element like its previous element sibling (same name, same attributes, same
        // position flags) has the same context: no lookup needed. Not when selectors look at
        // siblings or places: then siblings alike can differ.
        if !usesSiblings && !usesPlaces, let sibling = previous,
          nodes[sibling].name == nodes[index].name,
          Self.sameAttributes(sibling, index, in: document),
          !usesPositions || positionOfNode[sibling] == position
        {
          let context = contextOfNode[sibling]
          contextOfNode[index] = context
          styleIndices[index] = contextStyles[Int(context)]
          continue
        }
        var signature = signature(
          of: index, in: document, tagOfName: tagOfName, attributeOfName: attributeOfName)
        signature.position |= position | (parent == document.root ? 8 : 0)
        if usesPlaces { signature.positionSet = positionSet(for: places[index]) }
        var key = ContextKey(parent: parentContext, signature: signature)
        if usesSiblings, let previous {
          key.previousSibling = previousSiblingSetOfNode[previous]
          key.earlierSiblings = earlierSiblingSetOfNode[previous]
        }
        let context: Int32
        if let cached = contextTable[key] {
          context = cached
          if contextCountedIn[Int(cached)] != documentNumber {
            contextCountedIn[Int(cached)] = documentNumber
            work += contextWork[Int(cached)]
          }
        } else {
          let before = work
          context = makeContext(for: key)
          contextTable[key] = context
          contextWork[Int(context)] += work - before
          contextCountedIn[Int(context)] = documentNumber
        }
        guard work <= maximumWork else {
          throw .limitExceeded(
            limit: "cascade work (selector parts tried per element; simplify long selectors)",
            value: work, maximum: maximumWork)
        }
        if parent == document.root && !rootFontSizeIsSet {
          rootFontSize = uniqueStyles[Int(contextStyles[Int(context)])].fontSize
          rootFontSizeIsSet = true
          if reusesContexts && rootFontSize != ComputedStyle().fontSize {
            needsFreshRun = true
            return
          }
        }
        contextOfNode[index] = context
        styleIndices[index] = contextStyles[Int(context)]
        if usesSiblings {
          let made = contexts[Int(context)]
          previousSiblingSetOfNode[index] = intern(parts: made.previousSiblingParts)
          earlierSiblingSetOfNode[index] = union(key.earlierSiblings, made.earlierSiblingParts)
          guard work <= maximumWork else {
            throw .limitExceeded(
              limit: "cascade work (selector parts tried per element; simplify long selectors)",
              value: work, maximum: maximumWork)
          }
        }
      }
    }
    var styles =
      reusesContexts
      ? Self.stylesInOrderOfUse(uniqueStyles, styleIndices: styleIndices)
      : CascadedStyles(uniqueStyles: uniqueStyles, styleIndices: styleIndices)
    styles.matchingWork = work
    return styles
  }

  /// Whether a later document may reuse this run: its contexts were computed with the initial
  /// root font size, and it holds no more than ``maximumKeptEntries`` of anything.
  var isWorthKeeping: Bool {
    !needsFreshRun && rootFontSize == ComputedStyle().fontSize
      && max(
        contexts.count, uniqueStyles.count, ancestorSets.count, classSetsByText.count,
        inlineStylesByText.count, attributeSets.count, partSets.count, positionSets.count)
        <= Self.maximumKeptEntries
  }

  /// The styles the document's nodes use, numbered in order of first use as a fresh run
  /// numbers them, rather than the run's own table, which holds earlier documents' styles too.
  private static func stylesInOrderOfUse(
    _ styles: [ComputedStyle], styleIndices: [Int32]
  ) -> CascadedStyles {
    var renumbered = [Int32](repeating: -1, count: styles.count)
    var used: [ComputedStyle] = []
    var indices = styleIndices
    for position in indices.indices {
      let style = Int(indices[position])
      if renumbered[style] < 0 {
        renumbered[style] = Int32(used.count)
        used.append(styles[style])
      }
      indices[position] = renumbered[style]
    }
    return CascadedStyles(uniqueStyles: used, styleIndices: indices)
  }

  mutating func append(_ context: CascadeContext) {
    contexts.append(context)
    contextStyles.append(context.style)
    contextIsHidden.append(context.hidden)
    contextWork.append(0)
    contextCountedIn.append(documentNumber)
  }

  private static func previousElementSibling(
    of index: Int, in nodes: UnsafeBufferPointer<Document.Record>
  ) -> Int? {
    var sibling = nodes[index].previousSibling
    while sibling != Document.none, nodes[Int(sibling)].name == .text {
      sibling = nodes[Int(sibling)].previousSibling
    }
    return sibling == Document.none ? nil : Int(sibling)
  }

  /// Whether two elements have the same attributes, names and values, in the same order.
  private static func sameAttributes(_ one: Int, _ other: Int, in document: Document) -> Bool {
    let left = document.attributeRecords(of: one)
    let right = document.attributeRecords(of: other)
    guard left.count == right.count else { return false }
    return zip(left, right).allSatisfy { pair in
      pair.0.name == pair.1.name
        && document.bytes[
          Int(pair.0.valueStart)..<Int(pair.0.valueStart) + Int(pair.0.valueCount)
        ]
        .elementsEqual(
          document.bytes[
            Int(pair.1.valueStart)..<Int(pair.1.valueStart) + Int(pair.1.valueCount)])
    }
  }

  /// Bit 0: no element before the node among its siblings; bit 1: none after it.
  private static func position(
    of index: Int, in nodes: UnsafeBufferPointer<Document.Record>
  ) -> UInt8 {
    var last = true
    var sibling = nodes[index].nextSibling
    while sibling != Document.none, last {
      last = nodes[Int(sibling)].name == .text
      sibling = nodes[Int(sibling)].nextSibling
    }
    let first = previousElementSibling(of: index, in: nodes) == nil
    return (first ? 1 : 0) | (last ? 2 : 0)
  }

  mutating func intern(_ style: ComputedStyle) -> Int32 {
    if let existing = styleTable[style] { return existing }
    let number = Int32(uniqueStyles.count)
    uniqueStyles.append(style)
    styleTable[style] = number
    return number
  }

  private mutating func signature(
    of index: Int, in document: Document, tagOfName: [Int32], attributeOfName: [Int32?]
  ) -> ElementSignature {
    var signature = ElementSignature()
    let elementName = document.nameID(of: index)
    signature.tag = tagOfName[Int(elementName.rawValue)]
    var attributes: [Int32] = []
    let records = document.attributeRecords(of: index)
    for attribute in records {
      switch attribute.name {
      case .id: signature.id = idNumbers[document.value(of: attribute)] ?? -1
      case .class: signature.classSet = classSet(document.value(of: attribute))
      case .style: signature.inlineStyle = inlineStyle(document.value(of: attribute))
      case .href where usesLinks && (elementName == .a || elementName == .area):
        signature.position |= 4
      default: break
      }
      if let name = attributeOfName[Int(attribute.name.rawValue)] {
        attributes.append(name)
        let values = attributeValueNumbers[Int(name)]
        attributes.append(values.isEmpty ? -2 : values[document.value(of: attribute)] ?? -2)
      }
    }
    if !attributes.isEmpty { signature.attributeSet = intern(attributes: attributes) }
    if !records.isEmpty, let hints = PresentationalHints.css(for: index, in: document) {
      signature.hints = inlineStyle(hints)
    }
    return signature
  }

  private mutating func classSet(_ text: String) -> Int32 {
    if let known = classSetsByText[text] { return known }
    let classes = classNumbers
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
