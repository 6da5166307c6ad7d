import RenderCore

/// One HTML importer as the benchmark drives it: HTML → StyledText through it, and its C
/// library's own tree parse of the same bytes (the floor its ratio is taken against).
package struct ImporterStage: Sendable {
  /// The importer's identifier, as in `ImporterRegistry` (`libxml2`, `html5`).
  package var id: String
  /// The C library and version, e.g. `MyHTML 4.0.5`.
  package var library: String
  /// Imports HTML, cascades the default stylesheet and builds StyledText; returns the text's
  /// length so the work cannot be optimised away.
  package var styledText: @Sendable (String) throws -> Int
  /// The library's own parse of the bytes into its tree, freed again; returns a count.
  package var treeParse: @Sendable (UnsafeBufferPointer<UInt8>) -> Int
  /// HTML → Document alone, calling its second argument between the C parse and the walk
  /// into the document, for the per-stage figures; `nil` leaves the importer out of them.
  package var importDocument: (@Sendable (String, () -> Void) throws -> Document)?

  /// Creates a stage.
  package init(
    id: String, library: String, styledText: @escaping @Sendable (String) throws -> Int,
    treeParse: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Int,
    importDocument: (@Sendable (String, () -> Void) throws -> Document)? = nil
  ) {
    self.id = id
    self.library = library
    self.styledText = styledText
    self.treeParse = treeParse
    self.importDocument = importDocument
  }
}
