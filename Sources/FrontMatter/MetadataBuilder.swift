import RenderCore

/// Builds metadata from YAML events within ``FrontMatterLimits``, without recursion: open
/// sequences and mappings wait on a stack, and each finished value goes into the one below.
///
/// Every problem is a `RenderError` with the line and column in the document: a key that is
/// not a scalar, a key given twice, an alias to no anchor, a second document; and
/// `limitExceeded` for depth, values and aliases.
struct MetadataBuilder {
  private enum Collection {
    case sequence([MetadataValue])
    case mapping([String: MetadataValue], key: (text: String, mark: YAMLEvent.Mark)?)
  }

  private struct Open {
    var collection: Collection
    var anchor: String?
    /// The values inside it so far, itself included, aliases counted in full.
    var size = 1
  }

  private let limits: FrontMatterLimits
  /// Added to every line, so that lines count from the top of the document.
  private let lineOffset: Int
  private var stack: [Open] = []
  private var anchors: [String: (value: MetadataValue, size: Int)] = [:]
  private var values = 0
  private var aliases = 0
  private var documents = 0
  /// The finished top-level value.
  private(set) var root: MetadataValue?

  init(limits: FrontMatterLimits, lineOffset: Int) {
    self.limits = limits
    self.lineOffset = lineOffset
  }

  /// The document's metadata: its top-level mapping; nil when the YAML is empty or its top
  /// level is not a mapping (then the block is not front matter).
  var metadata: [String: MetadataValue]? {
    root?.dictionaryValue
  }

  mutating func handle(_ event: YAMLEvent) throws(RenderError) {
    switch event {
    case .documentStart(let mark):
      documents += 1
      if documents > 1 {
        throw error(at: mark, "the front matter holds more than one YAML document")
      }
    case .scalar(let text, let anchor, let quoted, let tag, let mark):
      try count(1)
      if case .mapping(let entries, key: nil)? = stack.last?.collection {
        guard entries[text] == nil else { throw error(at: mark, "the key \"\(text)\" is repeated") }
        stack[stack.count - 1].collection = .mapping(entries, key: (text, mark))
        stack[stack.count - 1].size += 1
        return
      }
      try finish(YAMLScalar.value(text, quoted: quoted, tag: tag), size: 1, anchor: anchor)
    case .sequenceStart(let anchor, let mark):
      try open(.sequence([]), anchor: anchor, at: mark)
    case .mappingStart(let anchor, let mark):
      try open(.mapping([:], key: nil), anchor: anchor, at: mark)
    case .collectionEnd:
      guard let closed = stack.popLast() else { return }
      let value: MetadataValue
      switch closed.collection {
      case .sequence(let items): value = .array(items)
      case .mapping(let entries, _): value = .dictionary(entries)
      }
      try finish(value, size: closed.size, anchor: closed.anchor)
    case .alias(let name, let mark):
      aliases += 1
      if aliases > limits.maximumAliases {
        throw .limitExceeded(
          limit: "front matter aliases", value: aliases, maximum: limits.maximumAliases)
      }
      guard let anchored = anchors[name] else {
        throw error(at: mark, "the alias *\(name) refers to no anchor &\(name) before it")
      }
      if case .mapping(_, key: nil)? = stack.last?.collection {
        throw error(at: mark, "a key must be a plain value, not an alias")
      }
      try count(anchored.size)
      try finish(anchored.value, size: anchored.size, anchor: nil)
    }
  }

  private mutating func open(_ collection: Collection, anchor: String?, at mark: YAMLEvent.Mark)
    throws(RenderError)
  {
    if case .mapping(_, key: nil)? = stack.last?.collection {
      throw error(at: mark, "a key must be a plain value, not a list or a mapping")
    }
    try count(1)
    if stack.count >= limits.maximumDepth {
      throw .limitExceeded(
        limit: "front matter nesting depth", value: stack.count + 1, maximum: limits.maximumDepth)
    }
    stack.append(Open(collection: collection, anchor: anchor))
  }

  /// Puts a finished value into the collection below it (or makes it the root).
  private mutating func finish(_ value: MetadataValue, size: Int, anchor: String?)
    throws(RenderError)
  {
    if let anchor { anchors[anchor] = (value, size) }
    guard !stack.isEmpty else {
      root = value
      return
    }
    let top = stack.count - 1
    stack[top].size += size
    switch stack[top].collection {
    case .sequence(var items):
      stack[top].collection = .sequence([])  // hands the storage over, so the append is in place
      items.append(value)
      stack[top].collection = .sequence(items)
    case .mapping(var entries, let key?):
      stack[top].collection = .mapping([:], key: nil)
      entries[key.text] = value
      stack[top].collection = .mapping(entries, key: nil)
    case .mapping(_, key: nil):
      break  // scalar keys are taken in handle(_:); nothing else reaches here
    }
  }

  private mutating func count(_ added: Int) throws(RenderError) {
    values += added
    if values > limits.maximumValues {
      throw .limitExceeded(
        limit: "front matter values (aliases counted in full)", value: values,
        maximum: limits.maximumValues)
    }
  }

  private func error(at mark: YAMLEvent.Mark, _ problem: String) -> RenderError {
    .invalidFrontMatter(line: mark.line + lineOffset, column: mark.column, problem: problem)
  }
}
