import RenderCore
import RenderHighlight
import RenderMath
import RenderOutline

/// A syntax extension the pipeline implements as a document pass, for every engine alike:
/// the one table the renderer's passes, the `gfm` profile and the worker's terminal output
/// read, so that a new pass is its own file, its ``RenderCore/RenderFeature`` case and one
/// line here.
package struct DocumentExtension: Sendable {
  /// The extension's name in configuration and flags (`--no-extension math`).
  package let feature: RenderFeature
  /// The pass that implements it.
  package let pass: any DocumentPass
  /// Whether the `gfm` profile turns it on.
  package let isInGFM: Bool
  /// Whether the worker applies it when it makes terminal output itself
  /// (`WorkerRequest.Terminal`); otherwise the host does, on the document the worker sends.
  package let runsInWorkerTerminal: Bool

  /// Every document extension, in the order their passes run (before the outline's).
  package static let all: [DocumentExtension] = [
    DocumentExtension(
      feature: .math, pass: MathPass(), isInGFM: true, runsInWorkerTerminal: false),
    DocumentExtension(
      feature: .alerts, pass: AlertsPass(), isInGFM: true, runsInWorkerTerminal: true),
    DocumentExtension(
      feature: .highlight, pass: HighlightPass(), isInGFM: true, runsInWorkerTerminal: false),
  ]

  /// The extensions the `gfm` profile turns on.
  package static var gfm: Set<RenderFeature> { Set(all.filter(\.isInGFM).map(\.feature)) }

  /// Whether the worker's terminal output can stand for `pass`: the heading anchors, or an
  /// extension the worker applies.
  package static func runsInWorkerTerminal(_ pass: any DocumentPass) -> Bool {
    pass is HeadingAnchorsPass
      || all.contains {
        $0.runsInWorkerTerminal
          && ObjectIdentifier(type(of: $0.pass)) == ObjectIdentifier(type(of: pass))
      }
  }
}
