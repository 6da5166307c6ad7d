import RenderCore

/// What "Markdown" means for a render: a named set of extensions on top of CommonMark.
///
/// `render.json`'s `"profile"` and `render --profile` choose one; `extensions` (and
/// `--extension`) add to it. Each engine gets the profile's extensions it has, so
/// `--engine cmark` stays strict CommonMark; an extension asked for by name is required, and an
/// engine without it fails with the engines that have it.
///
/// ```swift
/// var configuration = RenderConfiguration()
/// configuration.profile = .commonMark  // no extensions
/// ```
public enum MarkdownProfile: String, Sendable, Hashable, CaseIterable {
  /// GitHub Flavored Markdown, as github.com renders it: tables, strikethrough, autolinks, task
  /// lists, footnotes (with the engines that have them), the tagfilter whenever raw HTML
  /// passes, and alerts (``RenderCore/RenderOptions/alerts``). The default.
  case gfm
  /// Strict CommonMark: no extensions.
  case commonMark = "commonmark"

  /// The profile's extensions.
  public var extensions: Set<RenderFeature> {
    switch self {
    case .gfm: [.tables, .strikethrough, .autolinks, .taskLists, .footnotes, .tagFilter]
    case .commonMark: []
    }
  }

  /// `options` with the profile's extensions that `engine` has added, and alerts for `gfm`.
  public func options(_ options: RenderOptions, for engine: EngineDescriptor) -> RenderOptions {
    var options = options
    options.extensions.formUnion(extensions.intersection(engine.features))
    if self == .gfm { options.alerts = true }
    return options
  }
}
