/// HTML → StyledText through one importer against its own C parse, as the JSON report's
/// `importers` holds them: medians with their spread over the interleaved runs.
package struct ImporterFigures: Sendable, Hashable, Codable {
  /// The importer (`libxml2`, `html5`).
  package var id: String
  /// Its C library and version.
  package var library: String
  /// HTML → StyledText in MB/s of HTML.
  package var throughputMBps: SampleStatistics
  /// The library's own tree parse (and free) of the same HTML, in MB/s.
  package var parseMBps: SampleStatistics
  /// Per run, import throughput / parse throughput.
  package var ratio: SampleStatistics
  /// The size of the HTML measured, in bytes.
  package var htmlBytes: Int

  /// Creates the figures.
  package init(
    id: String, library: String, throughputMBps: SampleStatistics, parseMBps: SampleStatistics,
    ratio: SampleStatistics, htmlBytes: Int
  ) {
    self.id = id
    self.library = library
    self.throughputMBps = throughputMBps
    self.parseMBps = parseMBps
    self.ratio = ratio
    self.htmlBytes = htmlBytes
  }
}
