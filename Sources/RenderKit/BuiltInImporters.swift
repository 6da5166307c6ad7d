import HTML5Import
import HTMLImport
import RenderCore

extension ImporterRegistry {
  /// The HTML importers this package ships: `html5` (MyHTML's HTML5 tree builder, the default)
  /// and `libxml2` (libxml2's HTML 4 parser in SAX mode).
  ///
  /// The default is the HTML5 one: it builds the tree a browser builds, so its text matches
  /// what a browser shows far more often than libxml2's HTML 4 tree does; each descriptor's
  /// `conformance` gives the figures.
  ///
  /// ```swift
  /// let document = try ImporterRegistry.builtIn.importer(id: "libxml2").importDocument(html: html)
  /// ```
  public static let builtIn: ImporterRegistry = {
    var registry = ImporterRegistry(defaultID: "html5")
    registry.register(
      HTML5Importer(),
      descriptor: ImporterDescriptor(
        id: "html5", displayName: "MyHTML (HTML5 tree builder)",
        libraryVersion: HTML5Importer.libraryVersion,
        conformance: "HTML5 parsing: html5lib trees 1709/1766, Chromium text 99.6 %",
        // Depth is checked (100,000 levels import), but MyHTML's time grows with the square of
        // the nesting depth, so it is not safe on hostile input outside a worker.
        isSafeOnHostileInput: false))
    registry.register(
      HTMLImporter(),
      descriptor: ImporterDescriptor(
        id: "libxml2", displayName: "libxml2 (HTML 4 parser, SAX)",
        libraryVersion: HTMLImporter.libraryVersion,
        conformance: "HTML 4 recovery, HTML5 character references: Chromium text 92.6 %",
        isSafeOnHostileInput: true))
    return registry
  }()
}
