import HTMLImport
import RenderCore

extension Renderer {
  /// Creates a renderer over the built-in engines (cmark, Discount) with libxml2 HTML import.
  ///
  /// ```swift
  /// let renderer = try Renderer(configuration: .resolve())
  /// ```
  public init(configuration: RenderConfiguration = RenderConfiguration()) throws(RenderError) {
    try self.init(configuration: configuration, registry: .builtIn, importer: HTMLImporter())
  }
}
