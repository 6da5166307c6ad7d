/// Turns HTML into a ``Document``: the seam through which importers (libxml2, an HTML5 tree
/// builder) plug into the core, so that the core itself needs no C.
///
/// Importers take bytes as well as text, so that a document's byte-order mark and
/// `<meta charset>` reach the parser on every path.
///
/// ```swift
/// let document = try importer.importDocument(html: "<p>Hello <b>world</b></p>")
/// let page = try importer.importDocument(data: Data(contentsOf: url))  // honours <meta charset>
/// ```
public protocol HTMLImporting: Sendable {
  /// Parses `html`, text that is already decoded, into an element tree.
  ///
  /// Throws ``RenderError/limitExceeded(limit:value:maximum:)`` when the input passes one of
  /// the importer's limits; never loses text silently otherwise.
  func importDocument(html: String) throws(RenderError) -> Document

  /// Parses HTML bytes as a browser would decode them: a byte-order mark, else a
  /// `<meta charset>` (or `http-equiv`) declaration near the start, else UTF-8; whatever
  /// cannot be decoded becomes U+FFFD.
  func importDocument(data: some Collection<UInt8>) throws(RenderError) -> Document

  /// Parses an engine's output: its UTF-8 bytes as they came, never re-decoded by a
  /// `<meta charset>` that raw HTML in the Markdown may contain.
  func importDocument(fragment: HTMLFragment) throws(RenderError) -> Document

  /// The C library's version as the library itself reports it at run time, for `render
  /// --version`; asking may load the library. Nil (the default) when the descriptor's
  /// ``ImporterDescriptor/libraryVersion`` is already read from the library.
  var loadedLibraryVersion: String? { get }
}

extension HTMLImporting {
  /// Nil: the descriptor's version stands.
  public var loadedLibraryVersion: String? { nil }

  /// Imports the fragment's text; importers that can read its bytes in place override this.
  public func importDocument(fragment: HTMLFragment) throws(RenderError) -> Document {
    try importDocument(html: fragment.html)
  }
}
