import RenderCore

/// Takes a leading YAML block off a Markdown document and reads it as the document's metadata,
/// before any engine sees the text.
///
/// The block starts with `---` alone on the first line and ends with `---` or `...` alone on a
/// line; its lines become empty lines in the body, so line numbers stay those of the file. A
/// document whose first line is `---` with no closing fence, or whose block is empty or not a
/// YAML mapping at its top level, is left as it is (a rule, a heading… as any engine reads it).
///
/// ```swift
/// let result = try FrontMatterReader().read("---\ntitle: Notes\ntags: [a, b]\n---\n# Hi\n")
/// result.metadata["title"]   // .string("Notes")
/// result.body                // "\n\n\n\n# Hi\n"
/// ```
public struct FrontMatterReader: Sendable {
  /// What the document's front matter became.
  public struct Result: Sendable, Hashable {
    /// The top-level entries; empty when the document has no front matter.
    public var metadata: [String: MetadataValue]
    /// The Markdown for the engine: the document with the block's lines emptied.
    public var body: String
    /// Whether a front matter block was taken out.
    public var hasFrontMatter: Bool
  }

  /// The budgets hostile YAML is held to.
  public var limits: FrontMatterLimits

  /// Creates a reader with the given limits.
  public init(limits: FrontMatterLimits = FrontMatterLimits()) {
    self.limits = limits
  }

  /// libyaml's version, e.g. `"0.2.5"`.
  public static var libraryVersion: String { YAMLReader.libraryVersion }

  /// Whether the UTF-8 `bytes` can have front matter that `mode` reads: they open with a
  /// `---` line. When they cannot, a caller holding bytes may hand them on undecoded.
  ///
  /// ```swift
  /// FrontMatterReader().mayRead(Data("# Hi\n".utf8), mode: .metadata)    // false
  /// FrontMatterReader().mayRead(Data("---\na: 1\n".utf8), mode: .metadata)  // true
  /// ```
  public func mayRead(_ bytes: some Collection<UInt8>, mode: FrontMatterMode = .metadata) -> Bool {
    mode != .text && FrontMatterSplitter.opensWithFence(bytes)
  }

  /// Splits and reads `markdown`'s front matter as `mode` says.
  ///
  /// Throws ``RenderError/invalidFrontMatter(line:column:problem:)`` for YAML that cannot be
  /// read (unless `mode` is ``FrontMatterMode/metadataOrText``) and
  /// ``RenderError/limitExceeded(limit:value:maximum:)`` past a limit (in every mode that reads).
  public func read(_ markdown: String, mode: FrontMatterMode = .metadata) throws(RenderError)
    -> Result
  {
    let unchanged = Result(metadata: [:], body: markdown, hasFrontMatter: false)
    guard mode != .text, let split = FrontMatterSplitter.split(markdown) else { return unchanged }
    let bytes = split.yaml.utf8.count
    if bytes > limits.maximumBytes {
      throw .limitExceeded(limit: "front matter bytes", value: bytes, maximum: limits.maximumBytes)
    }
    var builder = MetadataBuilder(limits: limits, lineOffset: 1)
    do {
      try YAMLReader.read(split.yaml, into: &builder, lineOffset: 1)
    } catch {
      if mode == .metadataOrText, case .invalidFrontMatter = error { return unchanged }
      throw error
    }
    if builder.root == nil {
      return Result(metadata: [:], body: split.body, hasFrontMatter: true)
    }
    guard let metadata = builder.metadata else { return unchanged }
    return Result(metadata: metadata, body: split.body, hasFrontMatter: true)
  }
}
