import RenderKit

/// One rendering of a ``LiveDocument``: the page for a browser or web view, and the styled
/// text for a label or a terminal, both from the same file contents and stylesheet.
public struct DocumentRendering: Sendable {
  /// The standalone page, with the stylesheet embedded.
  public let page: HTMLPage
  /// The styled text, styled by the same stylesheet in the configured colour scheme.
  public let styledText: StyledText

  /// Pairs a page with the styled text of the same document.
  public init(page: HTMLPage, styledText: StyledText) {
    self.page = page
    self.styledText = styledText
  }
}
