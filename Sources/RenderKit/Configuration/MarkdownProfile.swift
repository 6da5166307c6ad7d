import RenderCore

/// What "Markdown" means for a render: a named set of extensions on top of CommonMark.
///
/// `render.json`'s `"profile"` and `render --profile` choose one; `extensions` (and
/// `--extension`) add to it. Each engine gets the profile's extensions it has, and every engine
/// has the document extensions the pipeline implements (math, alerts, highlighting, emoji): so
/// `--engine cmark` alone parses CommonMark with those, and only `commonmark` is strict. An
/// extension asked for by name is required, and an engine without it fails with the engines
/// that have it.
///
/// ```swift
/// var configuration = RenderConfiguration()
/// configuration.profile = .commonMark  // no extensions
/// ```
public enum MarkdownProfile: String, Sendable, Hashable, CaseIterable {
  /// GitHub Flavored Markdown, as github.com renders it: tables, strikethrough, autolinks, task
  /// lists, footnotes (with the engines that have them), math, alerts, highlighting, emoji
  /// shortcodes, raw HTML through GitHub's allowlist, heading anchors, front matter, and the
  /// tagfilter whenever raw HTML passes. The default.
  case gfm
  /// Strict CommonMark, as its spec says: no extensions, so no document pass changes the
  /// engine's HTML; raw HTML omitted unless ``RenderOptions/unsafe``; and no front matter (a
  /// leading `---` is a rule) unless ``RenderConfiguration/frontMatterIsChosen``.
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
