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
  /// lists, footnotes (with the engines that have them), math, alerts, highlighting, raw HTML
  /// through GitHub's allowlist, heading anchors, and the tagfilter whenever raw HTML passes.
  /// The default.
  case gfm
  /// Strict CommonMark: no extensions; raw HTML omitted unless ``RenderOptions/unsafe``.
  case commonMark = "commonmark"

  /// The profile's extensions.
  public var extensions: Set<RenderFeature> {
    switch self {
    case .gfm:
      DocumentExtension.gfm.union([
        .tables, .strikethrough, .autolinks, .taskLists, .footnotes, .tagFilter,
      ])
    case .commonMark: []
    }
  }

  /// `options` with the profile's extensions that `engine` has (the document extensions
  /// every engine has) added, but those in `disabled`.
  public func options(
    _ options: RenderOptions, for engine: EngineDescriptor, disabled: Set<RenderFeature> = []
  ) -> RenderOptions {
    var options = options
    let available = engine.features.union(RenderFeature.documentExtensions)
    options.extensions.formUnion(extensions.intersection(available).subtracting(disabled))
    return options
  }
}
