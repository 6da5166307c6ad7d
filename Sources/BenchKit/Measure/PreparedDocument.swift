import RenderCore

/// A document ready for both measured paths: the `String` the framework takes and the
/// bytes the raw C call takes (prepared the same way the framework prepares them).
struct PreparedDocument: Sendable {
  /// The text as given to the framework.
  let text: String
  /// The prepared UTF-8 bytes, as the engine hands them to C.
  let bytes: [UInt8]

  /// Prepares `text`.
  init(_ text: String) {
    self.text = text
    bytes = Array(MarkdownInput.prepare(text).utf8)
  }

  /// Prepares every document of `documents`.
  static func all(_ documents: [CorpusDocument]) -> [PreparedDocument] {
    documents.map { PreparedDocument($0.text) }
  }

  /// The total size of `documents` in bytes.
  static func byteCount(_ documents: [PreparedDocument]) -> Int {
    documents.reduce(0) { $0 + $1.bytes.count }
  }
}
