import RenderCore

/// Imports HTML into a ``Document`` with libxml2's HTML parser in streaming (SAX) mode.
///
/// What it promises:
/// - any input imports or fails with a ``RenderError`` naming the limit it crossed; no text is
///   silently lost: invalid UTF-8, NUL and stray control characters become U+FFFD, text after
///   `</html>` is kept, nesting is unlimited up to ``HTMLImportLimits/maximumDepth``;
/// - names are lower-case, attribute values have their character references decoded, adjacent
///   text is merged; the HTML5 named references libxml2 2.9 lacks (`&NotEqualTilde;`) stay as
///   written rather than vanish;
/// - `head`, `script`, `style` and `template` content stays in the tree (the stylesheet's
///   user-agent layer hides it; a sanitiser must see it); comments and doctypes are dropped;
/// - malformed HTML is recovered the way libxml2 recovers it (implied `html`/`body`, closed
///   unclosed elements, a `p` around text before any element), and a newline right after
///   `<pre>`, `<textarea>` or `<listing>` is dropped, as HTML says.
///
/// Safe to use from many tasks at once: every call owns its parser.
///
/// ```swift
/// let document = try HTMLImporter().importDocument(html: "<p>Hello <b>world</b></p>")
/// document.textContent(of: document.root)  // "Hello world"
/// ```
public struct HTMLImporter: HTMLImporting {
  /// The budgets every import checks.
  public var limits: HTMLImportLimits

  /// The version of libxml2 this importer is built and tested against (Debian 12's). The
  /// library is loaded on the first parse, so this is not read from it:
  /// ``loadedLibraryVersion`` is.
  public static let libraryVersion = "2.9.14"

  /// libxml2's version as the loaded library reports it (loading it); nil when it cannot be
  /// loaded.
  public var loadedLibraryVersion: String? { LibXML2Parser.loadedLibraryVersion }

  /// Creates an importer with `limits` (generous defaults).
  public init(limits: HTMLImportLimits = .init()) {
    self.limits = limits
  }

  /// Parses `html` into an element tree; see ``HTMLImporting/importDocument(html:)``.
  public func importDocument(html: String) throws(RenderError) -> Document {
    try importDocument(html: html, parsed: {})
  }

  /// ``importDocument(html:)``, calling `parsed` once libxml2's parse (and the repair of
  /// references before it) is done and before the document is built: how the benchmark
  /// tells the two apart.
  package func importDocument(
    html: String, parsed: () -> Void
  ) throws(RenderError) -> Document {
    var html = html
    let result = html.withUTF8 { bytes in
      Result { () throws(RenderError) in try importUTF8(bytes, isValid: true, parsed: parsed) }
    }
    return try result.get()
  }

  /// Parses HTML bytes, honouring a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) or else a
  /// `<meta charset>` or `http-equiv="content-type"` declaration in the first 1,024 bytes;
  /// without either the bytes are read as UTF-8. Whatever cannot be decoded becomes U+FFFD.
  ///
  /// ```swift
  /// let document = try HTMLImporter().importDocument(data: Data(contentsOf: url))
  /// ```
  public func importDocument(data: some Collection<UInt8>) throws(RenderError) -> Document {
    try limits.withCheckedBytes(data) { bytes throws(RenderError) in try importBytes(bytes) }
  }

  /// Parses an engine's UTF-8 output in place; see ``HTMLImporting/importDocument(fragment:)``.
  public func importDocument(fragment: HTMLFragment) throws(RenderError) -> Document {
    let result = fragment.withUTF8 { bytes in
      Result { () throws(RenderError) in try importUTF8(bytes, isValid: false) }
    }
    return try result.get()
  }

  private func importBytes(_ bytes: UnsafeBufferPointer<UInt8>) throws(RenderError) -> Document {
    switch CharacterEncodingDetector.detect(bytes) {
    case .utf8(let byteOrderMarkLength):
      return try importUTF8(
        UnsafeBufferPointer(rebasing: bytes[byteOrderMarkLength...]), isValid: false)
    case let detected:
      return try importDocument(html: detected.decode(bytes))
    }
  }

  private func importUTF8(
    _ bytes: UnsafeBufferPointer<UInt8>, isValid: Bool, parsed: () -> Void = {}
  ) throws(RenderError) -> Document {
    guard bytes.count <= limits.maximumBytes else {
      throw .limitExceeded(
        limit: "HTML input size in bytes", value: bytes.count, maximum: limits.maximumBytes)
    }
    // libxml2 is an HTML 4 parser: references HTML5 reads differently are rewritten first.
    guard let repaired = CharacterReferenceRepair.repair(bytes) else {
      return try LibXML2Parser.parse(
        bytes, isValidUTF8: isValid, limits: limits, parsed: parsed)
    }
    return try repaired.withUnsafeBufferPointer { bytes throws(RenderError) in
      try LibXML2Parser.parse(bytes, isValidUTF8: isValid, limits: limits, parsed: parsed)
    }
  }
}
