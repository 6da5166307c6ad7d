import RenderCore
import RenderEmoji
import RenderHighlight
import RenderMath
import RenderOutline

/// A syntax extension the pipeline implements as a document pass, for every engine alike:
/// the one table the renderer's passes (and so the worker's) and the `gfm` profile read, so
/// that a new pass is its own file, its ``RenderCore/RenderFeature`` case and one line here.
package struct DocumentExtension: Sendable {
  /// The extension's name in configuration and flags (`--no-extension math`).
  package let feature: RenderFeature
  /// The pass that implements it.
  package let pass: any DocumentPass
  /// Whether the `gfm` profile turns it on.
  package let isInGFM: Bool

  /// Every document extension, in the order their passes run (before the task lists' and the
  /// title's).
  package static let all: [DocumentExtension] = [
    DocumentExtension(feature: .math, pass: MathPass(), isInGFM: true),
    DocumentExtension(feature: .alerts, pass: AlertsPass(), isInGFM: true),
    DocumentExtension(feature: .highlight, pass: HighlightPass(), isInGFM: true),
    DocumentExtension(feature: .emoji, pass: EmojiPass(), isInGFM: true),
    // Also active with the headingAnchors and tableOfContents options.
    DocumentExtension(feature: .headingAnchors, pass: HeadingAnchorsPass(), isInGFM: true),
    // After the anchors, whose ids it prefixes; the allowlist itself is the builder's.
    DocumentExtension(feature: .allowedHTML, pass: UserContentPass(), isInGFM: true),
  ]

  /// The extensions the `gfm` profile turns on.
  package static var gfm: Set<RenderFeature> { Set(all.filter(\.isInGFM).map(\.feature)) }
}
