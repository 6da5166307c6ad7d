import RenderCore
import RenderStyling

/// Builds ``StyledText`` from a document and its cascaded styles in one forward walk.
///
/// The walk follows the tree's sibling and parent links and keeps open elements on an
/// explicit stack, so depth costs memory, never call stack: 100,000 nested elements are fine.
/// Text is appended to a UTF-8 buffer with interned styles (see ``TextFlow``); the public
/// value is assembled once at the end.
struct StyledTextBuilder {
  private let document: Document
  private let styles: CascadedStyles
  private let initialStyle = ComputedStyle()
  private var flow: TextFlow
  private var table = TextStyleTable()
  private var frames: [ElementFrame] = []
  private var names = ElementNameMeanings()
  /// The names the builder asks about, by number in this document (nil: it has none).
  private let attributeNames: AttributeNames
  /// Numbers list items that have no list around them.
  private var looseItemCounter = ListCounter()

  init(document: Document, styles: CascadedStyles) {
    self.document = document
    self.styles = styles
    attributeNames = AttributeNames(document.names)
    // Sizing the buffer once costs one read of each node's byte count, no walk of the tree.
    var textBytes = 0
    for index in 0..<document.nodeCount { textBytes += document.textRange(of: index).count }
    flow = TextFlow(byteCapacity: textBytes + textBytes / 16 + 64)
  }

  /// Walks the document and returns the result.
  consuming func build() -> StyledText {
    walk()
    flow.finish()
    return assemble()
  }

  // MARK: Walk

  private mutating func walk() {
    let root = document.root
    guard enter(root) else { return }
    // The walk's own copy of the tree (shared storage), as the builder changes as it walks.
    let document = document
    document.walk(
      below: root,
      enter: { node in
        guard document.kind(of: node) == .text else { return enter(node) }
        if let parent = frames.last, !parent.hidesText {
          // The document's bytes, read in place: no string is made per text node.
          document.bytes.withUnsafeBufferPointer {
            flow.appendText(
              utf8: UnsafeBufferPointer(rebasing: $0[document.textRange(of: node)]),
              style: parent.style, whiteSpace: parent.whiteSpace)
          }
        }
        return false
      },
      leave: { _ in leave() })
    leave()
  }

  /// Opens an element; false when it is not displayed (it and everything inside are skipped).
  private mutating func enter(_ node: Document.NodeID) -> Bool {
    if frames.last?.skipsContent == true { return false }
    let computedIndex = styleIndex(of: node)
    let computed = computedIndex >= 0 ? styles.uniqueStyles[Int(computedIndex)] : initialStyle
    if computed.display == .none { return false }
    // The parent's frame is the last one: every displayed element has one.
    let (role, rule) = names.meaning(of: document.nameID(of: node), in: document)
    let chosenOption = frames.last.flatMap { $0.chosenOption >= 0 ? Int($0.chosenOption) : nil }
    let closedDetails = frames.last?.isClosedDetails == true ? document.parent(of: node) : nil
    if RenderingRule.hides(
      node, kind: rule, in: document, chosenOption: chosenOption, closedDetails: closedDetails)
    {
      return false
    }
    var frame = makeFrame(
      node, computed: computed, computedIndex: computedIndex, role: role, rule: rule)
    let parentStyle = frames.last?.style ?? frame.style

    if frame.isListItem { flow.flushMarkerAlone() }
    if frame.separatesWords { flow.softBreak(style: parentStyle) }
    switch frame.layout {
    case .block:
      flow.enterBlockLevel(marginTop: computed.margin.top)
      if let anchor = document.attribute(.id, of: node), !anchor.isEmpty { flow.setAnchor(anchor) }
    case .cellOutsideRow: flow.softBreak(style: parentStyle)
    case .cell:
      enterCell(row: Int(frame.rowFrame))
      frames[Int(frame.rowFrame)].cellAlignments.append(computed.textAlign)
      if attributeNames.th == nil || document.nameID(of: node) != attributeNames.th {
        frames[Int(frame.rowFrame)].allCellsAreHeaders = false
      }
    case .inline: break
    }
    if role == .list { frame.counter = listCounter(node) }
    frames.append(frame)
    flow.context = frame.block

    switch frame.hidesText ? .other : role {
    case .lineBreak: flow.forcedBreak(style: frame.style)
    case .rule: flow.appendLiteral("───", style: frame.style)
    case .image: appendAlternativeText(of: node, style: frame.style, whiteSpace: frame.whiteSpace)
    case .input: appendTaskBox(of: node, style: frame.style, whiteSpace: frame.whiteSpace)
    default: break
    }
    // A formula's linear text (what MathPass puts in `alttext`) reads better as text than
    // its MathML's tokens one after the other.
    let parentHidesText = frames.count > 1 && frames[frames.count - 2].hidesText
    if rule == .math, !parentHidesText,
      let linear = attributeNames.value(\.alttext, of: node, in: document), !linear.isEmpty
    {
      flow.appendText(linear, style: frame.style, whiteSpace: frame.whiteSpace)
      frames[frames.count - 1].skipsContent = true
    }
    if frame.isListItem,
      let marker = ListMarker.text(for: computed.listStyleType, number: number(node))
    {
      flow.setMarker(marker, style: frame.style)
    }
    return true
  }

  /// Closes the innermost open element.
  private mutating func leave() {
    // Taken off the stack first (nothing below reads the stack): a copy would retain its
    // arrays and strings only to release them again.
    guard let frame = frames.popLast() else { return }
    if frame.isListItem { flow.flushMarkerAlone() }
    if frame.isTableRow {
      flow.describeTableRow(
        cellAlignments: frame.cellAlignments,
        isHeader: frame.allCellsAreHeaders && !frame.cellAlignments.isEmpty)
    }
    if frame.separatesWords { flow.softBreak(style: frame.style) }
    switch frame.layout {
    case .block: flow.leaveBlockLevel(marginBottom: frame.marginBottom)
    case .cellOutsideRow: flow.softBreak(style: frame.style)
    case .cell: flow.trimSpace()
    case .inline: break
    }
    if let parent = frames.last { flow.context = parent.block }
  }

  // MARK: Element semantics

  private mutating func makeFrame(
    _ node: Document.NodeID, computed: ComputedStyle, computedIndex: Int32, role: ElementRole,
    rule: RenderingRule?
  ) -> ElementFrame {
    let parent = frames.last
    let layout: ElementFrame.Layout
    switch computed.display {
    // Blocks inside a cell stay blocks (a heading, a list, a nested table's rows), as in a
    // browser; the row's text around them goes on in blocks of its own.
    case .block, .listItem, .table, .tableRow: layout = .block
    case .tableCell: layout = (parent?.rowFrame ?? -1) >= 0 ? .cell : .cellOutsideRow
    case .inline, .none: layout = .inline
    }
    let fontSize = computed.fontSize.isFinite ? computed.fontSize : 16

    var key = parent?.styleKey ?? TextStyleKey()
    key.computedStyle = computedIndex
    if role == .link, let target = document.attribute(.href, of: node) {
      key.link = table.linkIndex(target)
    }
    if case .heading(let level) = role { key.headingLevel = level }
    if document.classes(of: node).contains("github_checkbox") {
      key.taskState = document.textContent(of: node).unicodeScalars.first.flatMap(
        TaskState.init(glyph:))
    }
    let shift = (parent?.fontSize ?? fontSize) / 3
    switch computed.verticalAlign {
    case .sub: key.baselineOffset -= shift
    case .super: key.baselineOffset += shift
    case .baseline: break
    }
    let background = Self.visible(computed.backgroundColor)
    key.backgroundColor = layout == .block ? nil : background ?? key.backgroundColor
    let style: Int32
    if let parent, parent.styleKey == key {
      style = parent.style
    } else {
      style = table.index(for: key, computed: computed)
    }

    var frame = ElementFrame(
      style: style, styleKey: key, fontSize: fontSize, whiteSpace: computed.whiteSpace,
      block: parent?.block ?? BlockContext(), layout: layout)
    frame.isListItem = computed.display == .listItem
    frame.marginBottom = computed.margin.bottom
    frame.listFrame = role == .list ? Int32(frames.count) : parent?.listFrame ?? -1
    frame.rowFrame = computed.display == .tableRow ? Int32(frames.count) : parent?.rowFrame ?? -1
    frame.isTableRow = computed.display == .tableRow && layout == .block
    switch RenderingRule.textVisibility(of: node, kind: rule, in: document) {
    case .inherited: frame.hidesText = parent?.hidesText ?? false
    case .shown: frame.hidesText = false
    case .hidden: frame.hidesText = true
    }
    frame.separatesWords = RenderingRule.separatesWords(rule)
    frame.isClosedDetails =
      rule == .details && attributeNames.value(\.open, of: node, in: document) == nil
    if rule == .select {
      frame.chosenOption = Int32(RenderingRule.chosenOption(of: node, in: document) ?? -1)
    } else {
      frame.chosenOption = parent?.chosenOption ?? -1
    }
    if layout == .block {
      frame.block = blockContext(node, frame.block, computed: computed, role: role)
    }
    return frame
  }

  /// What a block-level element gives the blocks inside it.
  private func blockContext(
    _ node: Document.NodeID, _ inherited: BlockContext, computed: ComputedStyle,
    role: ElementRole
  ) -> BlockContext {
    var block = inherited
    let indent = computed.margin.left + computed.padding.left
    if indent.isFinite { block.indent += indent }
    block.alignment = computed.textAlign
    if role != .canvas, let background = Self.visible(computed.backgroundColor) {
      block.backgroundColor = background
    }
    if inherited.kind == .tableRow && computed.display != .tableRow {
      // A block inside a cell is a block of its own kind, not part of the row's line.
      block.kind = .paragraph
    }
    if computed.display == .listItem {
      block.kind = .listItem
      block.indentLevel += 1
    } else if computed.display == .tableRow {
      block.kind = .tableRow
    }
    switch role {
    case .quote:
      block.kind = .quote
      block.indentLevel += 1
      block.quoteLevel += 1
    case .preformatted: block.kind = .codeBlock
    case .heading: block.kind = .heading
    case .rule: block.kind = .rule
    default: break
    }
    if role == .other, let alert = Self.alertKind(of: node, in: document) {
      block.kind = .alert
      block.alert = alert
      block.indentLevel += 1
      block.quoteLevel += 1
    }
    return block
  }

  /// A cell starts: white space before it is dropped, and a tab separates it from the last.
  private mutating func enterCell(row: Int) {
    flow.trimSpace()
    if frames[row].cellCount > 0 { flow.appendCellSeparator(style: frames[row].style) }
    frames[row].cellCount += 1
  }

  private mutating func appendAlternativeText(
    of node: Document.NodeID, style: Int32, whiteSpace: ComputedStyle.WhiteSpace
  ) {
    guard let alternative = attributeNames.value(\.alt, of: node, in: document),
      !alternative.isEmpty
    else {
      return
    }
    var imageStyle = table.styles[Int(style)]
    imageStyle.imageURL = attributeNames.value(\.src, of: node, in: document)
    flow.appendText(alternative, style: table.index(of: imageStyle), whiteSpace: whiteSpace)
  }

  /// The kind of the GitHub alert `element` is (`markdown-alert markdown-alert-note`: `note`);
  /// nil for any other element.
  private static func alertKind(of element: Document.NodeID, in document: Document) -> String? {
    guard document.kind(of: element) == .element,
      document.attributeRecords(of: element).contains(where: { $0.name == .class })
    else { return nil }
    let classes = document.classes(of: element)
    guard classes.contains("markdown-alert") else { return nil }
    let prefix = "markdown-alert-"
    return classes.first { $0.hasPrefix(prefix) && $0 != "markdown-alert-title" }
      .map { String($0.dropFirst(prefix.count)) }
  }

  /// A checkbox's task box, `☑ ` or `☐ `, carrying its ``TaskState``; other inputs show
  /// nothing.
  private mutating func appendTaskBox(
    of node: Document.NodeID, style: Int32, whiteSpace: ComputedStyle.WhiteSpace
  ) {
    guard
      attributeNames.value(\.type, of: node, in: document)?.lowercased() == "checkbox"
    else { return }
    var boxStyle = table.styles[Int(style)]
    let state: TaskState =
      attributeNames.value(\.checked, of: node, in: document) == nil ? .unchecked : .checked
    boxStyle.taskState = state
    flow.appendText(state.glyph, style: table.index(of: boxStyle), whiteSpace: whiteSpace)
    // The space after the box is plain text, so that it never joins the box's run.
    flow.appendText(" ", style: style, whiteSpace: whiteSpace)
  }

  /// A list's numbering: from `start` (default 1, or the item count when `reversed`).
  private func listCounter(_ node: Document.NodeID) -> ListCounter {
    let reversed = attributeNames.value(\.reversed, of: node, in: document) != nil
    var counter = ListCounter(next: 1, step: reversed ? -1 : 1)
    if let start = attributeNames.value(\.start, of: node, in: document).flatMap(
      ListCounter.integer)
    {
      counter.next = start
    } else if reversed {
      counter.next = itemCount(node)
    }
    return counter
  }

  private func itemCount(_ list: Document.NodeID) -> Int {
    var count = 0
    var child = document.firstChild(of: list)
    while let current = child {
      if document.kind(of: current) == .element {
        let index = styleIndex(of: current)
        if index >= 0 && styles.uniqueStyles[Int(index)].display == .listItem { count += 1 }
      }
      child = document.nextSibling(of: current)
    }
    return count
  }

  /// The number of the list item `node`, advancing its list's counter.
  private mutating func number(_ node: Document.NodeID) -> Int {
    let value = attributeNames.value(\.value, of: node, in: document).flatMap(
      ListCounter.integer)
    let list = Int(frames[frames.count - 1].listFrame)
    guard list >= 0 else { return looseItemCounter.number(explicitValue: value) }
    return frames[list].counter.number(explicitValue: value)
  }

  // MARK: Helpers

  /// The node's index into the cascade's styles, or -1 (initial style) when the styles do not
  /// cover it: styles computed for another document must not crash the build.
  private func styleIndex(of node: Document.NodeID) -> Int32 {
    guard node < styles.styleIndices.count else { return -1 }
    let index = styles.styleIndices[node]
    return index >= 0 && Int(index) < styles.uniqueStyles.count ? index : -1
  }

  private static func visible(_ color: CSSColor?) -> CSSColor? {
    guard let color, color.alpha > 0 else { return nil }
    return color
  }

  private func assemble() -> StyledText {
    let (uniqueStyles, runs) = indexedRuns()
    var styled = StyledText(
      string: String(decoding: flow.buffer.utf8, as: UTF8.self), uniqueStyles: uniqueStyles,
      indexedRuns: runs, blocks: flow.blocks)
    styled.metadata = document.metadata
    return styled
  }

  /// Walks the document and writes its plain text straight from the buffer, which is valid
  /// UTF-8 already: no `String` of the whole text is made (and checked) on the way.
  consuming func buildPlainText() -> [UInt8] {
    walk()
    flow.finish()
    let (uniqueStyles, runs) = indexedRuns()
    let writer = PlainTextWriter(blocks: flow.blocks, runs: runs, styles: uniqueStyles)
    return flow.buffer.utf8.withUnsafeBufferPointer { writer.write($0) }
  }

  /// Walks the document and writes its JSON form straight from the buffer, as
  /// ``buildPlainText()`` writes plain text.
  consuming func buildJSON() -> [UInt8] {
    walk()
    flow.finish()
    let (uniqueStyles, runs) = indexedRuns()
    var writer = StyledTextJSONWriter()
    flow.buffer.utf8.withUnsafeBufferPointer { text in
      writer.write(
        text: text, blocks: flow.blocks, runs: runs, styles: uniqueStyles,
        metadata: document.metadata)
    }
    return writer.output
  }

  /// The buffer's runs in their compact form, and the distinct styles they name in order of
  /// first use.
  private func indexedRuns() -> (uniqueStyles: [TextStyle], runs: [StyledText.IndexedRun]) {
    var remapped = [Int](repeating: -1, count: table.styles.count)
    var uniqueStyles: [TextStyle] = []
    var runs: [StyledText.IndexedRun] = []
    let buffer = flow.buffer
    runs.reserveCapacity(buffer.runStarts.count)
    for index in buffer.runStarts.indices {
      let style = Int(buffer.runStyles[index])
      if remapped[style] < 0 {
        remapped[style] = uniqueStyles.count
        uniqueStyles.append(table.styles[style])
      }
      let end =
        index + 1 < buffer.runStarts.count ? buffer.runStarts[index + 1] : buffer.scalarCount
      runs.append(
        StyledText.IndexedRun(range: buffer.runStarts[index]..<end, styleIndex: remapped[style]))
    }
    return (uniqueStyles, runs)
  }
}
