/// Rewrites HTML so that only an allowlist of elements, attributes and URL schemes remains:
/// the seam through which `HTMLImport`'s sanitizer plugs into the core.
///
/// ```swift
/// let clean = try sanitizer.sanitize(html: "<p onclick=\"x()\">Hi</p>")  // <p>Hi</p>
/// ```
public protocol HTMLSanitizing: Sendable {
  /// The allowed part of `html`, serialised safely; throws only past the parser's limits.
  func sanitize(html: String) throws(RenderError) -> String
}
