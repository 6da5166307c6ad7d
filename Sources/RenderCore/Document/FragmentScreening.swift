/// A ``DocumentPass`` that can tell from the engine's HTML alone that it has nothing to change
/// there, so that an HTML fragment stays the engine's own bytes when it has nothing to do.
///
/// A renderer asked for a fragment with only screening passes active renders the engine's
/// HTML first, and builds and serialises the document only when some pass's
/// ``mayChange(engineHTML:)`` is true. The answer must never be false for HTML the pass
/// would change; true is always safe.
///
/// ```swift
/// extension Emoji: FragmentScreening {
///   func mayChange(engineHTML html: String) -> Bool { html.contains(":") }
/// }
/// ```
public protocol FragmentScreening: DocumentPass {
  /// Whether the pass may change the document of the engine's HTML `html`.
  func mayChange(engineHTML html: String) -> Bool
}
