/// The budgets an importer enforces (``HTMLImporting``), so hostile HTML fails with a clear error instead of
/// exhausting memory.
///
/// The defaults are generous: far beyond any real document, small enough to stop runaway input.
///
/// ```swift
/// let importer = HTMLImporter(limits: HTMLImportLimits(maximumBytes: 1 << 20))
/// ```
public struct HTMLImportLimits: Sendable, Hashable {
  /// The largest input accepted, in UTF-8 bytes. Default 256 MiB: many times the HTML of a
  /// large book, and below libxml2's own 2 GiB ceiling even after repair.
  public var maximumBytes: Int
  /// The deepest element nesting accepted, counting libxml2's implied `html` and `body`.
  /// Default 1,000,000: each level costs only a stack entry, import never recurses, and real
  /// documents stay below a few hundred; browsers flatten past 512, this keeps every level.
  public var maximumDepth: Int
  /// The most nodes (elements plus text nodes) accepted. Default 10,000,000: about a gigabyte
  /// of `Document`, and several times what 256 MiB of typical HTML produces.
  public var maximumNodes: Int
  /// The most attributes on one start tag. Default 1,000: libxml2 2.9.14 compares each
  /// attribute with every earlier one, so its time grows with the square of their number, and
  /// real elements carry a few dozen at most. Counted before libxml2 sees the bytes.
  public var maximumAttributesPerElement: Int
  /// The most end tags that match no open element, in the whole document. Default 10,000:
  /// libxml2 searches its whole open-element stack for each, so many stray end tags under deep
  /// nesting take quadratic time, and real pages have a handful. Counted before libxml2 sees
  /// the bytes.
  public var maximumUnmatchedEndTags: Int

  /// Creates limits; every parameter defaults to the documented value.
  public init(
    maximumBytes: Int = 256 << 20, maximumDepth: Int = 1_000_000, maximumNodes: Int = 10_000_000,
    maximumAttributesPerElement: Int = 1_000, maximumUnmatchedEndTags: Int = 10_000
  ) {
    self.maximumBytes = maximumBytes
    self.maximumDepth = maximumDepth
    self.maximumNodes = maximumNodes
    self.maximumAttributesPerElement = maximumAttributesPerElement
    self.maximumUnmatchedEndTags = maximumUnmatchedEndTags
  }

  /// No budget beyond libxml2's own: for trusted input such as the parity normaliser's.
  package static let unbounded = HTMLImportLimits(
    maximumBytes: .max, maximumDepth: .max, maximumNodes: .max, maximumAttributesPerElement: .max,
    maximumUnmatchedEndTags: .max)

  /// Checks `data` against ``maximumBytes`` and calls `body` with its bytes in one buffer,
  /// copying only a collection that has no contiguous storage: what every importer's
  /// `importDocument(data:)` does before it decodes.
  package func withCheckedBytes(
    _ data: some Collection<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>) throws(RenderError) -> Document
  ) throws(RenderError) -> Document {
    guard data.count <= maximumBytes else {
      throw .limitExceeded(
        limit: "HTML input size in bytes", value: data.count, maximum: maximumBytes)
    }
    let contiguous = data.withContiguousStorageIfAvailable { bytes in
      Result { () throws(RenderError) in try body(bytes) }
    }
    if let contiguous { return try contiguous.get() }
    let copy = Array(data)
    let result = copy.withUnsafeBufferPointer { bytes in
      Result { () throws(RenderError) in try body(bytes) }
    }
    return try result.get()
  }
}
