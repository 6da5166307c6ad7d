/// One Markdown document of a benchmark corpus.
package struct CorpusDocument: Sendable, Hashable {
  /// Where it came from: a file path, or a generated name such as `generated/0042-guide`.
  package var name: String
  /// The Markdown text.
  package var text: String

  /// Creates a document.
  package init(name: String, text: String) {
    self.name = name
    self.text = text
  }

  /// The document's size in UTF-8 bytes.
  package var byteCount: Int { text.utf8.count }
}
