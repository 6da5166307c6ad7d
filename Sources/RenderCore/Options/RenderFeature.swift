/// What an engine can do: the capabilities it declares in its descriptor, and the syntax
/// extensions ``RenderOptions/extensions`` turns on. Options that need a missing one fail.
///
/// The raw values are the names used in `render.json` and on the command line:
/// `{"options": {"extensions": ["tables", "footnotes"]}}`, `render --extension tables`.
///
/// ```swift
/// var options = RenderOptions(extensions: [.tables, .footnotes])
/// engine.descriptor.features.isSuperset(of: options.extensions)  // whether it can honour them
/// ```
public enum RenderFeature: String, Sendable, Hashable, CaseIterable, Codable {
  /// Raw HTML passed through when `RenderOptions.unsafe` is set.
  case rawHTML
  /// Curly quotes, dashes and ellipses.
  case smartPunctuation
  /// Every newline in a paragraph becomes `<br>`.
  case hardLineBreaks
  /// `data-sourcepos` attributes on block elements.
  case sourcePositions
  /// Extension: pipe tables.
  case tables
  /// Extension: `~~struck~~` text.
  case strikethrough
  /// Extension: `A^B` superscript.
  case superscript
  /// Extension: `[^1]` footnotes.
  case footnotes
  /// Extension: definition lists.
  case definitionLists
  /// Extension: bare `https://…` URLs become links.
  case autolinks
  /// Extension: `- [ ]` and `- [x]` list items become checkboxes.
  case taskLists
  /// Extension: GitHub's tagfilter: raw `<script>`, `<style>`, `<iframe>` and the like are
  /// escaped even when raw HTML passes.
  case tagFilter
  /// Extension: `$…$`, `$$…$$` and `math` fences as MathML (linear Unicode in text),
  /// protected from Markdown. Every engine has it: the pipeline implements it.
  case math
  /// Extension: a quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`
  /// or `[!CAUTION]` becomes a GitHub alert. Every engine has it: the pipeline implements it.
  case alerts
  /// Extension: fenced code blocks of a known language are highlighted, as classed runs the
  /// stylesheet colours. Every engine has it: the pipeline implements it.
  case highlight
  /// Extension: GitHub's emoji shortcodes (`:tada:`) become the emoji, outside code. Every
  /// engine has it: the pipeline implements it.
  case emoji
  /// Extension: raw HTML kept as GitHub keeps it, through GitHub's allowlist
  /// (``SanitizerPolicy/gitHub``), ids and names prefixed `user-content-`; without it, and
  /// without ``RenderOptions/unsafe``, raw HTML is omitted. Every engine has it: the pipeline
  /// implements it.
  case allowedHTML
  /// Extension: every heading gets GitHub's anchor id (what ``RenderOptions/headingAnchors``
  /// turns on), so that in-page links land. Every engine has it: the pipeline implements it.
  case headingAnchors

  /// The syntax extensions (``tables`` to ``headingAnchors``), the features that
  /// ``RenderOptions/extensions`` turns on; the others have options of their own.
  public static let extensions: [RenderFeature] = [
    .tables, .strikethrough, .superscript, .footnotes, .definitionLists, .autolinks, .taskLists,
    .tagFilter, .math, .alerts, .highlight, .emoji, .allowedHTML, .headingAnchors,
  ]

  /// The extensions the pipeline implements as document passes, for every engine alike:
  /// engines never see them, and none needs to declare them.
  public static let documentExtensions: Set<RenderFeature> = [
    .math, .alerts, .highlight, .emoji, .allowedHTML, .headingAnchors,
  ]

  /// The extensions an engine implements: ``extensions`` less ``documentExtensions``.
  package static let engineExtensions = extensions.filter { !documentExtensions.contains($0) }

  /// The extension named `name` (`"tables"`), as configuration, flags and the worker's wire
  /// format write it; nil for any other name, a feature that is not an extension included.
  package init?(extensionName name: String) {
    guard let feature = RenderFeature(rawValue: name), Self.extensions.contains(feature) else {
      return nil
    }
    self = feature
  }

  /// `features` in declaration order, so lists print in a stable, readable order.
  package static func ordered(_ features: some Sequence<RenderFeature>) -> [RenderFeature] {
    let present = Set(features)
    return allCases.filter(present.contains)
  }
}
