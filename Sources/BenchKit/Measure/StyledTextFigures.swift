/// Markdown → StyledText for one engine, through its ``Document`` and through its HTML,
/// measured in one interleaved run.
struct StyledTextFigures: Sendable {
  /// MB/s of Markdown through the engine's document (median).
  var viaDocumentMBps: Double
  /// MB/s of Markdown through the engine's HTML, imported (median).
  var viaHTMLMBps: Double
  /// Median of the paired ratios: HTML path time over Document path time.
  var documentSpeedup: Double
}
