import RenderCore

/// Imports HTML into a ``Document`` with an HTML5 tree builder (MyHTML 4.0.5): the tree a
/// browser builds, not libxml2's HTML 4 recovery.
///
/// What it promises, as ``HTMLImporting`` asks:
/// - the tree of HTML's parsing algorithm: character references decoded as HTML5 says
///   (every named reference, `&#x80;` as windows-1252, `&#0;` as U+FFFD), foster-parented
///   table text, `<plaintext>`, `<template>`, SVG and MathML content, implied `html`, `head`
///   and `body`; invalid UTF-8 becomes U+FFFD;
/// - names lower-case, adjacent text merged, comments and doctypes dropped, `template`
///   content kept as the element's children (the user-agent stylesheet hides it);
/// - no recursion at any depth; input past a limit fails with
///   ``RenderError/limitExceeded(limit:value:maximum:)`` naming it.
///
/// Safe to use from many tasks at once: every call owns its parser and its memory.
///
/// ```swift
/// let document = try HTML5Importer().importDocument(html: "<table>a<tr><td>b</table>")
/// document.textContent(of: document.root)  // "ab": "a" is foster-parented before the table
/// ```
public struct HTML5Importer: HTMLImporting {
  /// The budgets every import checks.
  public var limits: HTMLImportLimits

  /// Creates an importer with `limits` (generous defaults).
  public init(limits: HTMLImportLimits = .init()) {
    self.limits = limits
  }

  /// The version of MyHTML this importer runs on.
  public static var libraryVersion: String { MyHTMLParser.libraryVersion }

  /// Parses `html` into an element tree; see ``HTMLImporting/importDocument(html:)``.
  public func importDocument(html: String) throws(RenderError) -> Document {
    try importDocument(html: html, parsed: {})
  }

  /// ``importDocument(html:)``, calling `parsed` once MyHTML's parse is done and before the
  /// walk into the document starts: how the benchmark tells the two apart.
  package func importDocument(
    html: String, parsed: () -> Void
  ) throws(RenderError) -> Document {
    var html = html
    let result = html.withUTF8 { bytes in
      Result { () throws(RenderError) in try importUTF8(bytes, parsed: parsed) }
    }
    return try result.get()
  }

  /// Parses HTML bytes, honouring a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) or else a
  /// `<meta charset>` or `http-equiv="content-type"` declaration in the first 1,024 bytes;
  /// without either the bytes are read as UTF-8. Whatever cannot be decoded becomes U+FFFD.
  ///
  /// ```swift
  /// let document = try HTML5Importer().importDocument(data: Data(contentsOf: url))
  /// ```
  public func importDocument(data: some Collection<UInt8>) throws(RenderError) -> Document {
    try limits.withCheckedBytes(data) { bytes throws(RenderError) in try importBytes(bytes) }
  }

  /// Parses an engine's UTF-8 output in place; see ``HTMLImporting/importDocument(fragment:)``.
  public func importDocument(fragment: HTMLFragment) throws(RenderError) -> Document {
    let result = fragment.withUTF8 { bytes in
      Result { () throws(RenderError) in try importUTF8(bytes) }
    }
    return try result.get()
  }

  private func importBytes(_ bytes: UnsafeBufferPointer<UInt8>) throws(RenderError) -> Document {
    switch CharacterEncodingDetector.detect(bytes) {
    case .utf8(let byteOrderMarkLength):
      return try importUTF8(UnsafeBufferPointer(rebasing: bytes[byteOrderMarkLength...]))
    case let detected:
      return try importDocument(html: detected.decode(bytes))
    }
  }

  private func importUTF8(
    _ bytes: UnsafeBufferPointer<UInt8>, parsed: () -> Void = {}
  ) throws(RenderError) -> Document {
    guard bytes.count <= limits.maximumBytes else {
      throw .limitExceeded(
        limit: "HTML input size in bytes", value: bytes.count, maximum: limits.maximumBytes)
    }
    return try MyHTMLParser.parse(bytes, limits: limits, parsed: parsed)
  }
}
