/// HTML → StyledText figures, as the JSON report's `import` holds them.
package struct ImportFigures: Sendable, Hashable, Codable {
  /// HTML → StyledText throughput in MB/s of HTML (median).
  package var throughputMBps: Double
  /// libxml2's own tree parse of the same HTML, in MB/s (median).
  package var libxml2MBps: Double
  /// Median over the interleaved runs of import throughput / libxml2 throughput.
  package var ratio: Double
  /// The size of the HTML measured, in bytes (cmark's output for the corpus).
  package var htmlBytes: Int

  /// Creates the figures.
  package init(throughputMBps: Double, libxml2MBps: Double, ratio: Double, htmlBytes: Int) {
    self.throughputMBps = throughputMBps
    self.libxml2MBps = libxml2MBps
    self.ratio = ratio
    self.htmlBytes = htmlBytes
  }
}
