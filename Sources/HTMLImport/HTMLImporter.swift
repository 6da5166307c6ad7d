internal import CHTMLParser
import RenderCore

/// Imports HTML into a ``Document`` with libxml2's streaming parser.
public struct HTMLImporter: Sendable {
  /// Creates an importer.
  public init() {}
}
