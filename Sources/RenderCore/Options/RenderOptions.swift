/// The engine-neutral options every engine maps to its own flags.
///
/// The defaults are safe for untrusted input: raw HTML is omitted and dangerous URLs
/// (`javascript:`, `vbscript:`, `file:`, `data:` other than images) are dropped.
///
/// ```swift
/// var options = RenderOptions()
/// options.smartPunctuation = true
/// options.extensions = [.tables]
/// let html = try engine.render("| a |\n|---|\n| b |", options: options)
/// ```
public struct RenderOptions: Sendable, Hashable {
  /// Let raw HTML and every URL through. Only for trusted input.
  public var unsafe: Bool
  /// Curly quotes, en and em dashes, ellipses.
  public var smartPunctuation: Bool
  /// Render every line break inside a paragraph as `<br>`.
  public var hardLineBreaks: Bool
  /// Add `data-sourcepos` attributes to block elements.
  public var sourcePositions: Bool
  /// Syntax extensions to turn on: features from ``RenderFeature/extensions``. Any other
  /// feature here is ignored; those have the options above.
  public var extensions: Set<RenderFeature>
  /// Give every heading a GitHub-style `id` (`## Getting started` → `getting-started`),
  /// computed from the document for every engine alike. `Renderer` applies it, not engines.
  public var headingAnchors: Bool
  /// Put a table of contents (links to the heading anchors, which it turns on) where the
  /// document has a `[[_TOC_]]` or `<!-- toc -->` line, else at the top. `Renderer` applies it.
  public var tableOfContents: Bool
  /// The heading levels the table of contents lists (default: all, `1...6`).
  public var tableOfContentsLevels: ClosedRange<Int>
  /// What a leading YAML block becomes (default: metadata). `Renderer` applies it.
  public var frontMatter: FrontMatterMode

  /// Creates options; every argument defaults to the safe, CommonMark-only setting.
  public init(
    unsafe: Bool = false, smartPunctuation: Bool = false, hardLineBreaks: Bool = false,
    sourcePositions: Bool = false, extensions: Set<RenderFeature> = [],
    headingAnchors: Bool = false, tableOfContents: Bool = false,
    tableOfContentsLevels: ClosedRange<Int> = 1...6, frontMatter: FrontMatterMode = .metadata
  ) {
    self.unsafe = unsafe
    self.smartPunctuation = smartPunctuation
    self.hardLineBreaks = hardLineBreaks
    self.sourcePositions = sourcePositions
    self.extensions = extensions
    self.headingAnchors = headingAnchors
    self.tableOfContents = tableOfContents
    self.tableOfContentsLevels = tableOfContentsLevels
    self.frontMatter = frontMatter
  }

  /// Whether headings get anchors: asked for, or needed by the table of contents.
  package var anchorsHeadings: Bool {
    headingAnchors || tableOfContents || extensions.contains(.headingAnchors)
  }

  /// Whether raw HTML passes through GitHub's allowlist: asked for (``RenderFeature/allowedHTML``)
  /// and not trusted (``unsafe`` lets it all through).
  package var allowsHTML: Bool { !unsafe && extensions.contains(.allowedHTML) }

  /// The options an engine parses with to build a document: with ``allowsHTML``, raw HTML kept
  /// and not tag-filtered, for the allowlist to judge (the document builder's, or, for an
  /// engine's HTML imported whole, ``SanitizerPolicy/gitHubWithEngineMarkup``).
  package var documentParsing: RenderOptions {
    guard allowsHTML else { return self }
    var options = self
    options.unsafe = true
    options.extensions.remove(.tagFilter)
    return options
  }

  /// Parses a level range as configuration and flags write it: `"2-3"`, or `"2"` for one
  /// level; nil unless both ends are 1–6 and in order.
  package static func tableOfContentsLevels(parsing text: String) -> ClosedRange<Int>? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      let low = Int(parts[0]), let high = Int(parts[parts.count - 1]),
      (1...6).contains(low), (low...6).contains(high)
    else { return nil }
    return low...high
  }

  /// The features an engine must declare to honour these options, in a stable order.
  ///
  /// Every render checks them, so they are found by comparing, never by hashing (a
  /// `RenderFeature` hashes its raw name), in lists of a few features.
  package var requiredFeatures: [RenderFeature] {
    var features: [RenderFeature] = []
    for entry in RenderSwitch.all {
      if let feature = entry.feature, self[keyPath: entry.option] { features.append(feature) }
    }
    for feature in extensions where RenderFeature.engineExtensions.contains(feature) {
      features.append(feature)
    }
    return RenderFeature.allCases.filter(features.contains)
  }
}
