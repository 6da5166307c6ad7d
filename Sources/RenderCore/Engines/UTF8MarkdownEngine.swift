import Foundation

/// An engine that takes Markdown as the UTF-8 bytes it was read as, for a caller that holds
/// bytes (a file, standard input), so that they are validated once and never copied into a
/// `String` on the way: an engine whose parsing happens in a worker sends them there as they
/// are, and an engine that parses bytes hands them to its library as they are when they
/// need no repair (``MarkdownInput/isPrepared(_:)``).
///
/// `Renderer` uses it when the engine has it and nothing in the host needs the text (no
/// front matter can start, for instance); a worker, when its engine has it.
package protocol UTF8MarkdownEngine: MarkdownEngine {
  /// ``MarkdownEngine/render(_:options:)`` of the bytes decoded as ``MarkdownInput/decode(_:)``
  /// does: invalid UTF-8 becomes U+FFFD. The bytes are taken, so that an engine holding
  /// their only reference can free them once parsed.
  func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
    -> HTMLFragment

  /// ``MarkdownEngine/document(_:options:importer:)`` of the bytes decoded, as
  /// ``render(utf8:options:)`` decodes them.
  func document(utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting)
    throws(RenderError) -> Document
}
