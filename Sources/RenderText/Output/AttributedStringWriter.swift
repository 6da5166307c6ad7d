import Foundation

extension AttributedString {
  /// The styled text as a Foundation attributed string, with
  /// ``AttributeScopes/RenderAttributes``: each run's ``TextStyle`` and each paragraph's
  /// ``TextBlock`` layout (a paragraph includes the newline that ends it).
  ///
  /// Built once, at the end: the string is created whole with its most frequent attributes,
  /// then each other stretch of equal style and paragraph gets one shared, pre-built
  /// attribute container. Foundation's attributed string
  /// costs microseconds per run on Linux, so keep ``StyledText`` as the working form.
  ///
  /// ```swift
  /// let attributed = AttributedString(styled)
  /// attributed.runs.first?.fontWeight  // 700 for bold text
  /// ```
  public init(_ styled: StyledText) {
    self = AttributedStringWriter(styled).write()
  }
}

/// Converts ``StyledText`` to `AttributedString`.
struct AttributedStringWriter {
  private let styled: StyledText

  init(_ styled: StyledText) {
    self.styled = styled
  }

  func write() -> AttributedString {
    let (segments, containers) = segmentsAndContainers()
    guard !segments.isEmpty else { return AttributedString(styled.string) }
    // Every mutation costs microseconds, so the most frequent attributes are given to the
    // whole string at once and only the other stretches are set one by one.
    var uses = [Int](repeating: 0, count: containers.count)
    for segment in segments { uses[segment.container] += segment.end > segment.start ? 1 : 0 }
    let base = uses.indices.max { uses[$0] < uses[$1] } ?? 0
    var result = AttributedString(styled.string, attributes: containers[base])
    var index = result.startIndex
    var position = 0
    for segment in segments where segment.container != base {
      index = result.unicodeScalars.index(index, offsetBy: segment.start - position)
      let end = result.unicodeScalars.index(index, offsetBy: segment.end - segment.start)
      result[index..<end].setAttributes(containers[segment.container])
      index = end
      position = segment.end
    }
    return result
  }

  /// A stretch of text with one style in one paragraph.
  private struct Segment {
    var start: Int
    var end: Int
    var container: Int
  }

  /// Cuts the text where the style or the paragraph changes, and builds one container per
  /// distinct pair; text outside any run gets the empty container (index 0).
  private func segmentsAndContainers() -> ([Segment], [AttributeContainer]) {
    let length = styled.string.unicodeScalars.count
    let styleContainers = styled.uniqueStyles.map(Self.container(for:))
    var containers = [AttributeContainer()]
    var containerIndices: [Int: Int] = [:]
    var blockContainers: [AttributeContainer] = []
    var blockAttributeIndices: [TextBlock: Int] = [:]
    var segments: [Segment] = []
    segments.reserveCapacity(styled.indexedRuns.count + styled.blocks.count)

    var position = 0
    var block = -1
    var blockAttributes = -1
    for run in styled.indexedRuns {
      let runStart = min(max(run.range.lowerBound, position), length)
      let runEnd = min(run.range.upperBound, length)
      if runStart > position {
        segments.append(Segment(start: position, end: runStart, container: 0))
      }
      position = runStart
      while position < runEnd {
        // A paragraph's attributes reach from its start to the next paragraph's start.
        while block + 1 < styled.blocks.count
          && styled.blocks[block + 1].range.lowerBound <= position
        {
          block += 1
          // Blocks that differ only in their range share one attribute container.
          var layout = styled.blocks[block]
          layout.range = 0..<0
          if let known = blockAttributeIndices[layout] {
            blockAttributes = known
          } else {
            blockAttributes = blockContainers.count
            blockAttributeIndices[layout] = blockAttributes
            blockContainers.append(Self.container(for: layout))
          }
        }
        var end = runEnd
        if block + 1 < styled.blocks.count {
          end = min(end, max(position + 1, styled.blocks[block + 1].range.lowerBound))
        }
        let key = blockAttributes * styleContainers.count + run.styleIndex
        let container: Int
        if let known = containerIndices[key] {
          container = known
        } else {
          var merged = styleContainers[run.styleIndex]
          if blockAttributes >= 0 { merged.merge(blockContainers[blockAttributes]) }
          container = containers.count
          containerIndices[key] = container
          containers.append(merged)
        }
        segments.append(Segment(start: position, end: end, container: container))
        position = end
      }
    }
    if position < length { segments.append(Segment(start: position, end: length, container: 0)) }
    return (segments, containers)
  }

  private static func container(for style: TextStyle) -> AttributeContainer {
    var container = AttributeContainer()
    container.fontFamily = style.fontFamily
    container.fontSize = style.fontSize
    container.fontWeight = style.fontWeight
    if style.italic { container.italic = true }
    if style.monospace { container.monospace = true }
    container.textColor = style.foregroundColor.map(StyledTextJSONWriter.hex)
    container.textBackgroundColor = style.backgroundColor.map(StyledTextJSONWriter.hex)
    if style.underline { container.underline = true }
    if style.strikethrough { container.strikethrough = true }
    if let target = style.link {
      container.linkTarget = target
      container.link = URL(string: target)
    }
    if let source = style.imageURL {
      container.imageSource = source
      container.imageURL = URL(string: source)
    }
    if style.baselineOffset != 0 { container.baselineShift = style.baselineOffset }
    container.headingLevel = style.headingLevel
    container.taskState = style.taskState
    return container
  }

  /// The paragraph attributes of `block` (its range plays no part).
  private static func container(for block: TextBlock) -> AttributeContainer {
    var container = AttributeContainer()
    container.blockKind = block.kind
    container.indentLevel = block.indentLevel
    container.indent = block.indent
    container.textAlignment = block.alignment
    container.spacingBefore = block.spacingBefore
    container.spacingAfter = block.spacingAfter
    container.blockBackgroundColor = block.backgroundColor.map(StyledTextJSONWriter.hex)
    if block.markerLength > 0 { container.markerLength = block.markerLength }
    if block.quoteLevel > 0 { container.quoteLevel = block.quoteLevel }
    if let alert = block.alert { container.alert = alert }
    if let anchor = block.anchor { container.blockAnchor = anchor }
    return container
  }
}
