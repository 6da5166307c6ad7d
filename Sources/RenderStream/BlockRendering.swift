import RenderKit

/// Turns the Markdown of one streamed block into an output: what lets HTML, styled text and
/// terminal lines share one splitter. A block's source is a run of whole top-level blocks of
/// the document, so rendering each alone and joining the results in order gives what
/// rendering the document at once gives.
public protocol BlockRendering: Sendable {
  /// What one block renders to.
  associatedtype Output: Sendable & Equatable
  /// The rendering of `markdown`, a run of whole blocks (or the repaired tail).
  func render(_ markdown: String) throws(RenderError) -> Output
}

/// Each block as an HTML fragment, by ``Renderer/html(_:)``: joined in order, the
/// fragments are the one-shot fragment byte for byte.
public struct HTMLBlockRendering: BlockRendering {
  /// The renderer every block goes through.
  public let renderer: Renderer

  /// Renders blocks with `renderer`.
  public init(renderer: Renderer) {
    self.renderer = renderer
  }

  /// The block's HTML.
  public func render(_ markdown: String) throws(RenderError) -> String {
    try renderer.html(.markdown(markdown)).html
  }
}

/// Each block as ``StyledText``, by ``Renderer/styledText(_:)``; join them with
/// ``StyledText/joining(_:)`` (which collapses the margins between blocks as one document
/// would).
public struct StyledTextBlockRendering: BlockRendering {
  /// The renderer every block goes through.
  public let renderer: Renderer

  /// Renders blocks with `renderer`.
  public init(renderer: Renderer) {
    self.renderer = renderer
  }

  /// The block's styled text.
  public func render(_ markdown: String) throws(RenderError) -> StyledText {
    try renderer.styledText(.markdown(markdown))
  }
}
