import RenderCore

/// A document ready for both measured paths: the `String` the framework takes and the
/// bytes the raw C call takes (prepared the same way the framework prepares them).
struct PreparedDocument: Sendable {
  /// The text as given to the framework.
  let text: String
  /// The prepared UTF-8 bytes followed by a NUL, as a `String`'s storage holds them: md4c
  /// 0.4.8 reads past the end of its input up to a NUL.
  private let terminatedBytes: [UInt8]

  /// Prepares `text`.
  init(_ text: String) {
    self.text = text
    terminatedBytes = Array(MarkdownInput.prepare(text).utf8) + [0]
  }

  /// The number of prepared bytes.
  var byteCount: Int { terminatedBytes.count - 1 }

  /// Calls `body` with the prepared bytes, as the engine hands them to C.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    terminatedBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0.dropLast())) }
  }

  /// Prepares every document of `documents`.
  static func all(_ documents: [CorpusDocument]) -> [PreparedDocument] {
    documents.map { PreparedDocument($0.text) }
  }

  /// The total size of `documents` in bytes.
  static func byteCount(_ documents: [PreparedDocument]) -> Int {
    documents.reduce(0) { $0 + $1.byteCount }
  }
}
