/// Finds, line by line, the points of a Markdown text before which no later line can change
/// what has been read: where a top-level block is final.
///
/// - Before a line that starts in the first column after a blank line, when nothing that
///   spans blank lines (a fenced code block, an HTML block of kinds 1 to 5, front matter) can
///   be open and no list can continue there.
/// - After a blank line, when the block before it cannot go on past it: nothing is open, and
///   no line of the block may have started a list item, an indented code block or a footnote
///   (which continue past blank lines), nor can a later `:` line make it a definition term.
///   A paragraph, a heading, a quote, a table or a closed fence is then final at its blank line.
/// - Before an ATX heading or a fence opening in the first column (both interrupt any block,
///   a paragraph, list, quote or table included), and after that heading's line or the
///   fence's closing line, when nothing else is open.
///
/// Where a line can be read two ways (a fence three columns in may belong to a list item or
/// open a block of its own; `<textarea` opens an HTML block that ends at its closing tag in
/// CommonMark 0.30 and at a blank line before), the splitter follows every reading at once
/// and ends a block only where all of them agree that nothing is open. It never needs to
/// undo a split.
struct BlockSplitter {
  /// What may be open at the top level after the lines read so far.
  enum OpenConstruct: Hashable {
    case nothing
    case fence(character: UInt8, length: Int)
    /// An HTML block that ends at a line containing one of the markers (lowercase ASCII).
    case html(endMarkers: [[UInt8]])
    /// An HTML block (kind 6 or 7) that ends at a blank line.
    case htmlUntilBlankLine
    case frontMatter
  }

  /// The readings still possible, each once; a block ends only when every one is `.nothing`.
  private(set) var readings: [OpenConstruct] = [.nothing]
  /// Whether a list may be open at the top level since the last split.
  private var mayBeInList = false
  private var previousLineBlank = false
  /// Whether a line of the block may have started something that goes on past a blank line
  /// (an indented code block, a footnote), beside a list.
  private var mayContinuePastBlank = false
  /// Whether the open fence was opened in the first column while nothing else was open: its
  /// closing line then ends the block.
  private var fenceOpenedFlush = false
  /// Whether the block holds a line that is not blank.
  private var blockHasText = false
  private var linesRead = 0
  /// Whether the first line could open front matter (which must stay first).
  private(set) var mayHaveStartedWithFrontMatter = false
  /// Whether a line starting with `:` can continue a definition list after a blank line.
  let definitionLists: Bool

  init(definitionLists: Bool = false) {
    self.definitionLists = definitionLists
  }

  /// Whether every reading has nothing open.
  private var nothingOpen: Bool { readings.count == 1 && readings[0] == .nothing }

  /// Whether the last line read left a fence open in every reading: the fence to close
  /// when the text so far is shown.
  var openFence: (character: UInt8, length: Int)? {
    guard readings.count == 1, case .fence(let character, let length) = readings.first else {
      return nil
    }
    return (character, length)
  }

  /// Where a line read lets a block end.
  struct Split: OptionSet {
    let rawValue: UInt8
    /// The block before the line is final.
    static let before = Split(rawValue: 1)
    /// The block that the line ends is final.
    static let after = Split(rawValue: 2)
  }

  /// Reads the next whole line (line end excluded): where a block can end around it.
  mutating func read(line: ArraySlice<UInt8>) -> Split {
    let shape = LineShape(line)
    if linesRead == 0 {
      mayHaveStartedWithFrontMatter =
        shape.indent == 0 && (shape.isExactly("---") || shape.isExactly("\u{FEFF}---"))
    }
    let wasNothingOpen = nothingOpen
    // An ATX heading or a fence in the first column is a top-level block whatever precedes it.
    let opensFlush =
      wasNothingOpen && shape.startsFlush && (shape.isATXHeading || shape.fenceOpening != nil)
    var split: Split = []
    // Blank lines before a block's first text belong to it: a block of blank lines alone
    // would cost a render for nothing.
    if blockHasText,
      opensFlush
        || (previousLineBlank && wasNothingOpen && shape.startsFlush
          && !(mayBeInList && shape.mayStartListItem)
          && !(definitionLists && shape.byte(0) == 0x3A))
    {
      split = .before
      startBlock()
    }
    if readings.contains(.nothing), shape.mayStartListItem { mayBeInList = true }
    if wasNothingOpen, !shape.isBlank,
      shape.indent >= 4 || (shape.byte(0) == 0x5B && shape.byte(1) == 0x5E)
    {
      mayContinuePastBlank = true
    }
    if !(wasNothingOpen && (shape.isBlank || !shape.mayOpenAnything)) {
      var next: [OpenConstruct] = []
      for reading in readings { advance(reading, by: shape, into: &next) }
      readings = next
    }
    if nothingOpen {
      let endsHeading = opensFlush && shape.isATXHeading
      let closesFence = !wasNothingOpen && fenceOpenedFlush
      let endsAtBlank =
        shape.isBlank && blockHasText && !mayBeInList && !mayContinuePastBlank
        && !definitionLists
      if endsHeading || closesFence || endsAtBlank {
        split.insert(.after)
        startBlock()
      }
    } else if opensFlush, shape.fenceOpening != nil {
      fenceOpenedFlush = true
    }
    if !shape.isBlank, !split.contains(.after) { blockHasText = true }
    previousLineBlank = shape.isBlank
    linesRead += 1
    return split
  }

  /// Forgets what the block that ended may have been.
  private mutating func startBlock() {
    mayBeInList = false
    mayContinuePastBlank = false
    fenceOpenedFlush = false
    blockHasText = false
  }

  /// Whether the line after those read, of which only `first` (its first byte) has arrived,
  /// surely starts a block, whatever follows in it: ``read(line:)`` will split before it.
  /// A list ends there, before the line is whole.
  func splitsBefore(lineStartingWith first: UInt8) -> Bool {
    guard blockHasText, previousLineBlank, nothingOpen else { return false }
    let blank = first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D
    let mayStartListItem =
      first == 0x2D || first == 0x2B || first == 0x2A || (first >= 0x30 && first <= 0x39)
    return !blank && !(mayBeInList && mayStartListItem) && !(definitionLists && first == 0x3A)
  }

  private func advance(
    _ reading: OpenConstruct, by line: LineShape, into next: inout [OpenConstruct]
  ) {
    func insert(_ construct: OpenConstruct) {
      if !next.contains(construct) { next.append(construct) }
    }
    switch reading {
    case .frontMatter:
      insert(
        line.indent == 0 && (line.isExactly("---") || line.isExactly("...")) ? .nothing : reading)
    case .fence(let character, let length):
      insert(line.closesFence(character: character, length: length) ? .nothing : reading)
    case .html(let markers):
      insert(markers.contains { line.contains($0) } ? .nothing : reading)
    case .htmlUntilBlankLine:
      insert(line.isBlank ? .nothing : reading)
    case .nothing:
      let opened = opening(line)
      // A fence or tag one to three columns in may sit inside a list item.
      if opened.isEmpty || (mayBeInList && line.indent > 0) { insert(.nothing) }
      for construct in opened { insert(construct) }
    }
  }

  /// What `line` opens when nothing is open before it (empty when it opens nothing).
  private func opening(_ line: LineShape) -> [OpenConstruct] {
    if linesRead == 0, line.indent == 0, line.isExactly("---") || line.isExactly("\u{FEFF}---") {
      return [.frontMatter, .nothing]
    }
    if let fence = line.fenceOpening {
      return [.fence(character: fence.character, length: fence.length)]
    }
    guard line.indent <= 3, line.byte(0) == 0x3C else { return [] }
    if let markers = Self.htmlEndMarkers(line) {
      if markers.contains(where: { line.contains($0) }) { return [] }
      // `<textarea` ends at a blank line in CommonMark before 0.30 (cmark-gfm).
      return line.starts(with: Array("<textarea".utf8))
        ? [.html(endMarkers: markers), .htmlUntilBlankLine] : [.html(endMarkers: markers)]
    }
    // Kinds 6 and 7 end at a blank line; kind 7 cannot interrupt a paragraph, so either.
    guard let second = line.byte(1),
      second == 0x2F || (second | 0x20 >= 0x61 && second | 0x20 <= 0x7A)
    else { return [] }
    return [.htmlUntilBlankLine, .nothing]
  }

  private static let rawTextNames = ["script", "pre", "style", "textarea"]

  /// The end markers of an HTML block of kind 1 to 5 that `line` starts, if it starts one.
  private static func htmlEndMarkers(_ line: LineShape) -> [[UInt8]]? {
    for name in rawTextNames where line.starts(with: Array("<\(name)".utf8)) {
      let after = line.byte(name.utf8.count + 1)
      if after == nil || after == 0x20 || after == 0x09 || after == 0x3E {
        return rawTextNames.map { Array("</\($0)>".utf8) }
      }
    }
    if line.starts(with: Array("<!--".utf8)) { return [Array("-->".utf8)] }
    if line.starts(with: Array("<?".utf8)) { return [Array("?>".utf8)] }
    if line.starts(with: Array("<![cdata[".utf8)) { return [Array("]]>".utf8)] }
    if line.byte(1) == 0x21, let letter = line.byte(2), letter | 0x20 >= 0x61, letter | 0x20 <= 0x7A
    {
      return [[0x3E]]
    }
    return nil
  }
}
