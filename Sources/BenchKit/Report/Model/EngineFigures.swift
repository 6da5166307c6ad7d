/// One engine's Markdown → HTML figures, as the JSON report's `engines[]` holds them.
package struct EngineFigures: Sendable, Hashable, Codable {
  /// The engine's identifier.
  package var id: String
  /// Its C library's version.
  package var version: String
  /// Framework throughput in MB/s (10⁶ bytes of Markdown per second).
  package var throughputMBps: SampleStatistics
  /// The raw C call's throughput on the same input and flags; `nil` when unknown.
  package var rawMBps: SampleStatistics?
  /// Median over the interleaved runs of framework throughput / raw throughput.
  package var overheadRatio: Double?
  /// Documents rendered per second at the median.
  package var documentsPerSecond: Double
  /// Markdown → StyledText throughput in MB/s of Markdown through the engine's ``Document``
  /// (the path apps take); `nil` when not available.
  package var styledTextMBps: Double?
  /// Markdown → StyledText throughput through the engine's HTML, imported; `nil` when not
  /// available.
  package var styledTextViaHTMLMBps: Double?
  /// Median over interleaved runs of the HTML path's time over the Document path's: how many
  /// times faster building styled text from the engine's tree is.
  package var documentSpeedup: Double?

  /// Creates the figures.
  package init(
    id: String, version: String, throughputMBps: SampleStatistics, rawMBps: SampleStatistics?,
    overheadRatio: Double?, documentsPerSecond: Double, styledTextMBps: Double?,
    styledTextViaHTMLMBps: Double? = nil, documentSpeedup: Double? = nil
  ) {
    self.id = id
    self.version = version
    self.throughputMBps = throughputMBps
    self.rawMBps = rawMBps
    self.overheadRatio = overheadRatio
    self.documentsPerSecond = documentsPerSecond
    self.styledTextMBps = styledTextMBps
    self.styledTextViaHTMLMBps = styledTextViaHTMLMBps
    self.documentSpeedup = documentSpeedup
  }

  private enum CodingKeys: String, CodingKey {
    case id, version, throughputMBps, rawMBps, overheadRatio, documentsPerSecond, styledTextMBps
    case styledTextViaHTMLMBps, documentSpeedup
  }

  /// Writes every key, unknown figures as `null`, so the JSON has one shape.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(version, forKey: .version)
    try container.encode(throughputMBps, forKey: .throughputMBps)
    try container.encode(rawMBps, forKey: .rawMBps)
    try container.encode(overheadRatio, forKey: .overheadRatio)
    try container.encode(documentsPerSecond, forKey: .documentsPerSecond)
    try container.encode(styledTextMBps, forKey: .styledTextMBps)
    try container.encode(styledTextViaHTMLMBps, forKey: .styledTextViaHTMLMBps)
    try container.encode(documentSpeedup, forKey: .documentSpeedup)
  }
}
