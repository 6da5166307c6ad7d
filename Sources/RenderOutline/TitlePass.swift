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
    if let title = configured ?? Self.headingTitle(of: document) {
      document.metadata["title"] = .string(title)
    }
  }

  /// ``Outline/title`` of `document`: the first `h1`'s text, else the first heading's, in
  /// the outline's order (a heading comes when its end is met), but without the anchors an
  /// outline gives every heading: a page needs one title, not the document's slugs.
  static func headingTitle(of document: Document) -> String? {
    var levels: [DocumentName: Int] = [:]
    for level in 1...6 {
      if let name = document.names.number(of: "h\(level)") { levels[name] = level }
    }
    guard !levels.isEmpty else { return nil }
    var firstHeading: String?
    var firstH1: String?
    document.walk(
      below: document.root,
      enter: { id in firstH1 == nil && document.kind(of: id) == .element },
      leave: { id in
        guard firstH1 == nil, let level = levels[document.nameID(of: id)],
          level == 1 || firstHeading == nil
        else { return }
        let text = document.textContent(of: id).collapsingWhitespace
        guard !text.isEmpty else { return }
        if level == 1 { firstH1 = text }
        if firstHeading == nil { firstHeading = text }
      })
    return firstH1 ?? firstHeading
  }

  /// The document's `title` metadata, when it is a non-blank string.
  public static func title(of document: Document) -> String? {
    guard let title = document.metadata["title"]?.stringValue, !title.isBlank else {
      return nil
    }
    return title
  }
}
