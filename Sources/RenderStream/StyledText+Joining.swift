import RenderKit

extension StyledText {
  /// Styled text of consecutive streamed blocks joined as one document lays them out: a
  /// newline (in the style of the text before it) between parts, and the margins where two
  /// parts meet collapsed as CSS collapses them, the larger winning. Parts with no block (a
  /// block of link definitions) add nothing; the metadata is the parts' merged.
  ///
  /// ```swift
  /// let whole = StyledText.joining(shown.outputs)  // as renderer.styledText(_:) of it all
  /// ```
  public static func joining(_ parts: some Sequence<StyledText>) -> StyledText {
    var string = ""
    var scalarCount = 0
    var runs: [Run] = []
    var blocks: [TextBlock] = []
    var metadata: [String: MetadataValue] = [:]
    for part in parts {
      metadata.merge(part.metadata) { first, _ in first }
      guard !part.blocks.isEmpty || !part.string.isEmpty else { continue }
      var offset = scalarCount
      if !blocks.isEmpty {
        string.append("\n")
        if let style = runs.last?.style {
          runs.append(Run(range: scalarCount..<scalarCount + 1, style: style))
        }
        offset += 1
      }
      string.append(part.string)
      for run in part.runs {
        runs.append(
          Run(
            range: run.range.lowerBound + offset..<run.range.upperBound + offset, style: run.style))
      }
      for (index, block) in part.blocks.enumerated() {
        var moved = block
        moved.range = block.range.lowerBound + offset..<block.range.upperBound + offset
        if index == 0, let last = blocks.indices.last {
          let after = blocks[last].spacingAfter
          let collapsed = max(after, block.spacingBefore)
          blocks[last].spacingAfter = min(after, collapsed)
          moved.spacingBefore = collapsed - blocks[last].spacingAfter
        }
        blocks.append(moved)
      }
      scalarCount = offset + part.string.unicodeScalars.count
    }
    var joined = StyledText(string: string, runs: runs, blocks: blocks)
    joined.metadata = metadata
    return joined
  }
}
