/// One output written from StyledText against building that StyledText from Markdown, as the
/// JSON report's `outputs` holds them: medians with their spread over the interleaved runs.
package struct OutputFigures: Sendable, Hashable, Codable {
  /// The output (`AttributedString`, `terminal`, `JSON`, `plain text`).
  package var id: String
  /// The engine whose Document the StyledText was built from.
  package var engine: String
  /// StyledText → the output, in MB/s of the Markdown the text came from.
  package var throughputMBps: SampleStatistics
  /// Markdown → StyledText in the same runs, in MB/s of Markdown.
  package var styledTextMBps: SampleStatistics
  /// Per run, the output's time over the StyledText's: 2 means writing it out costs twice
  /// what building the text did.
  package var ratio: SampleStatistics
  /// The size of the Markdown measured, in bytes.
  package var markdownBytes: Int

  /// Creates the figures.
  package init(
    id: String, engine: String, throughputMBps: SampleStatistics,
    styledTextMBps: SampleStatistics, ratio: SampleStatistics, markdownBytes: Int
  ) {
    self.id = id
    self.engine = engine
    self.throughputMBps = throughputMBps
    self.styledTextMBps = styledTextMBps
    self.ratio = ratio
    self.markdownBytes = markdownBytes
  }
}
