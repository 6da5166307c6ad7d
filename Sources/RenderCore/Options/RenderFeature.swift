/// A capability an engine declares in its descriptor; options that need a missing one fail.
public enum RenderFeature: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
  /// Raw HTML passed through when `RenderOptions.unsafe` is set.
  case rawHTML
  /// Curly quotes, dashes and ellipses.
  case smartPunctuation
  /// Every newline in a paragraph becomes `<br>`.
  case hardLineBreaks
  /// `data-sourcepos` attributes on block elements.
  case sourcePositions
  /// See ``MarkdownExtension/tables``.
  case tables
  /// See ``MarkdownExtension/strikethrough``.
  case strikethrough
  /// See ``MarkdownExtension/superscript``.
  case superscript
  /// See ``MarkdownExtension/footnotes``.
  case footnotes
  /// See ``MarkdownExtension/definitionLists``.
  case definitionLists
  /// See ``MarkdownExtension/autolinks``.
  case autolinks
  /// See ``MarkdownExtension/taskLists``.
  case taskLists
  /// See ``MarkdownExtension/tagFilter``.
  case tagFilter

  /// Orders features by declaration, so lists print in a stable, readable order.
  public static func < (lhs: RenderFeature, rhs: RenderFeature) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
