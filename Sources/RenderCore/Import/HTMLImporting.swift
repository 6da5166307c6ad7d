/// Turns HTML into a ``Document``: the seam through which the `HTMLImport` module (libxml2)
/// plugs into the core, so that the core itself needs no C.
///
/// ```swift
/// let document = try importer.importDocument(html: "<p>Hello <b>world</b></p>")
/// ```
public protocol HTMLImporting: Sendable {
  /// Parses `html` (any HTML, however malformed) into an element tree.
  ///
  /// Throws ``RenderError/limitExceeded(limit:value:maximum:)`` when the input passes one of
  /// the importer's limits; never loses text silently otherwise.
  func importDocument(html: String) throws(RenderError) -> Document
}
