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
  /// Syntax extensions to turn on.
  public var extensions: Set<MarkdownExtension>

  /// Creates options; every argument defaults to the safe, CommonMark-only setting.
  public init(
    unsafe: Bool = false, smartPunctuation: Bool = false, hardLineBreaks: Bool = false,
    sourcePositions: Bool = false, extensions: Set<MarkdownExtension> = []
  ) {
    self.unsafe = unsafe
    self.smartPunctuation = smartPunctuation
    self.hardLineBreaks = hardLineBreaks
    self.sourcePositions = sourcePositions
    self.extensions = extensions
  }

  /// The features an engine must declare to honour these options, in a stable order.
  package var requiredFeatures: [RenderFeature] {
    var features: Set<RenderFeature> = Set(extensions.map(\.feature))
    if unsafe { features.insert(.rawHTML) }
    if smartPunctuation { features.insert(.smartPunctuation) }
    if hardLineBreaks { features.insert(.hardLineBreaks) }
    if sourcePositions { features.insert(.sourcePositions) }
    return features.sorted()
  }
}
