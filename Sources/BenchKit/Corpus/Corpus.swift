/// The documents one benchmark run measures, with what a report needs to identify them.
package struct Corpus: Sendable {
  /// A short name: `generated` or the file or directory names given.
  package var name: String
  /// The documents, in a stable order.
  package var documents: [CorpusDocument]

  /// Creates a corpus.
  package init(name: String, documents: [CorpusDocument]) {
    self.name = name
    self.documents = documents
  }

  /// The total size in UTF-8 bytes.
  package var byteCount: Int { documents.reduce(0) { $0 + $1.byteCount } }

  /// The SHA-256 of every document's bytes in order, each followed by a NUL, so that two
  /// corpora with the same text split differently hash differently.
  package var sha256: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(byteCount + documents.count)
    for document in documents {
      bytes.append(contentsOf: document.text.utf8)
      bytes.append(0)
    }
    return SHA256.hexDigest(of: bytes)
  }

  /// This corpus with each document repeated `factor` times, separated by blank lines.
  ///
  /// Scaling runs use it: one document `factor` times longer shows super-linear behaviour,
  /// whereas `factor` copies of the document would not.
  package func scaled(by factor: Int) -> Corpus {
    guard factor > 1 else { return self }
    let documents = documents.map { document in
      CorpusDocument(
        name: document.name,
        text: Array(repeating: document.text, count: factor).joined(separator: "\n\n"))
    }
    return Corpus(name: "\(name)×\(factor)", documents: documents)
  }

  /// This corpus cut into chapters: each document split before every level-1 ATX heading
  /// outside fenced code.
  ///
  /// Parity and parallel runs work on chapters, because one file (such as Pro Git, all
  /// 172 chapters in one file) would otherwise be one unit: one yes/no for parity, and
  /// nothing to share between threads.
  package var chapters: [CorpusDocument] {
    documents.flatMap(ChapterSplitter.chapters(of:))
  }
}
