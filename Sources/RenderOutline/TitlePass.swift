import RenderCore

/// Settles a page's title in the document's ``Document/metadata``: the front
/// matter's `title` when it is a non-blank string, else the configured title, else the text of
/// the first `h1` (else of the first heading). Active only when the render makes a page.
public struct TitlePass: DocumentPass {
  /// `"title"`.
  public let id = "title"

  /// Creates the pass.
  public init() {}

  /// Whether the render makes a page.
  public func isActive(in context: DocumentPassContext) -> Bool { context.makesPage }

  /// Sets `metadata["title"]` as the type's summary says; leaves it unset when there is none.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    guard Self.title(of: document) == nil else { return }
    let configured = context.configuredTitle.flatMap { $0.isBlank ? nil : $0 }
    if let title = configured ?? Outline(document: document).title {
      document.metadata["title"] = .string(title)
    }
  }

  /// The document's `title` metadata, when it is a non-blank string.
  public static func title(of document: Document) -> String? {
    guard let title = document.metadata["title"]?.stringValue, !title.isBlank else {
      return nil
    }
    return title
  }
}
