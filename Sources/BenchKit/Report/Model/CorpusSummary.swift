/// What identifies a corpus in a report: its name, size and digest.
package struct CorpusSummary: Sendable, Hashable, Codable {
  /// `generated`, or the file or directory as given on the command line.
  package var name: String
  /// Documents it holds.
  package var documents: Int
  /// Its size in bytes.
  package var bytes: Int
  /// The SHA-256 of its documents (see ``Corpus/sha256``).
  package var sha256: String

  /// Summarises `corpus`.
  package init(_ corpus: Corpus) {
    name = corpus.name
    documents = corpus.documents.count
    bytes = corpus.byteCount
    sha256 = corpus.sha256
  }
}
