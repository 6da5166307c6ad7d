import RenderCore

/// Parses any HTML and writes back only what a ``SanitizerPolicy`` allows: safe to embed in a
/// page whatever the input was.
///
/// The input is parsed the way a browser recovers it (libxml2, through ``HTMLImporter``), then
/// serialised from the tree: allowed elements keep their allowed attributes, other elements
/// give way to their content, and script-like elements go with everything inside them. Text and
/// attribute values are escaped, every attribute is double-quoted, and comments, CDATA and
/// processing instructions never reach the output, so what a browser parses from the output is
/// exactly the tree written. Serialising never recurses, so any depth is safe.
///
/// ```swift
/// let clean = try HTMLSanitizer().sanitize(html: #"<p onclick="x()">Hi <script>evil()</script><a href="javascript:x()">a</a></p>"#)
/// // <p>Hi <a>a</a></p>
/// ```
public struct HTMLSanitizer: Sendable {
  /// What is let through.
  public var policy: SanitizerPolicy
  /// The parser, with its limits.
  public var importer: HTMLImporter

  /// Creates a sanitizer; the default policy is GitHub-like (see ``SanitizerPolicy/default``).
  public init(policy: SanitizerPolicy = .default, importer: HTMLImporter = HTMLImporter()) {
    self.policy = policy
    self.importer = importer
  }

  /// Parses `html` and returns its sanitised form; throws only when the input passes one of
  /// the importer's limits.
  public func sanitize(html: String) throws(RenderError) -> String {
    sanitize(try importer.importDocument(html: html))
  }

  /// Writes the allowed part of an already parsed document.
  public func sanitize(_ document: Document) -> String {
    SanitizedHTMLWriter(policy: policy).write(document)
  }
}

extension HTMLSanitizer: HTMLSanitizing {}
