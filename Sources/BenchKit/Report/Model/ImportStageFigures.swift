/// One importer's HTML → text time, per stage, as the JSON report's `importStages` holds
/// them: milliseconds over all the documents, median with its spread over the runs.
package struct ImportStageFigures: Sendable, Hashable, Codable {
  /// The stages, in the order of ``milliseconds``: the C library's parse as the importer runs
  /// it, the walk of its result into the document, the cascade, building the StyledText,
  /// writing it as plain text, writing it as JSON.
  package static let stageNames = ["C parse", "walk", "cascade", "StyledText", "text", "JSON"]

  /// The importer (`libxml2`, `html5`).
  package var id: String
  /// Its C library and version.
  package var library: String
  /// The size of the HTML measured, in bytes.
  package var htmlBytes: Int
  /// How many documents that HTML is.
  package var documents: Int
  /// Milliseconds per stage, in ``stageNames`` order.
  package var milliseconds: [SampleStatistics]

  /// Creates the figures.
  package init(
    id: String, library: String, htmlBytes: Int, documents: Int,
    milliseconds: [SampleStatistics]
  ) {
    self.id = id
    self.library = library
    self.htmlBytes = htmlBytes
    self.documents = documents
    self.milliseconds = milliseconds
  }

  /// HTML → plain text, the sum of the stage medians but JSON's, in MB/s of HTML.
  package var textMBps: Double {
    let seconds = milliseconds.dropLast().reduce(0) { $0 + $1.median } / 1e3
    return seconds > 0 ? Double(htmlBytes) / 1e6 / seconds : 0
  }
}
