internal import CDiscount
internal import CDiscountGrowth
import Foundation
import RenderCore

/// The Discount engine: libmarkdown, with tables, footnotes, definition lists and more.
///
/// Discount keeps global state and recurses once per level of nesting, so every call runs on
/// one thread with a 1 GiB stack reservation, serialised. That contains the stack overflows
/// (hundreds of thousands of nested `>` render), but not the super-linear patterns (runs of
/// backticks, unclosed links): its descriptor says it is not safe on hostile input, so that
/// tools run it in a worker process with a deadline (RenderKit's `IsolatedEngine`).
///
/// ```swift
/// var options = RenderOptions()
/// options.extensions = [.tables]
/// let html = try DiscountEngine().render("| a |\n|---|\n| b |", options: options)
/// ```
public struct DiscountEngine: MarkdownEngine {
  /// The thread every libmarkdown call runs on, after the library's one-time initialisation.
  private static let library: LargeStackThread = {
    let thread = LargeStackThread()
    thread.run(initializeLibrary)
    return thread
  }()

  /// Creates the engine; it holds no state.
  public init() {}

  /// Discount's identity, run-time library version and features.
  public var descriptor: EngineDescriptor {
    EngineDescriptor(
      id: "discount", displayName: "Discount (libmarkdown)",
      libraryVersion: Self.libraryVersion,
      features: [
        .rawHTML, .smartPunctuation, .hardLineBreaks, .tables, .strikethrough, .superscript,
        .footnotes, .definitionLists, .autolinks, .taskLists,
      ],
      isSafeOnHostileInput: false, concurrency: .serialized)
  }

  /// Renders `markdown` with libmarkdown; see ``MarkdownEngine/render(_:options:)``.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try checkSupport(of: options)
    guard markdown.utf8.count < Int(Int32.max) else {
      throw .limitExceeded(
        limit: "Discount input bytes", value: markdown.utf8.count, maximum: Int(Int32.max) - 1)
    }
    var prepared = MarkdownInput.prepare(markdown)
    // Consecutive alerts kept apart, as CommonMark's quotes are (DiscountEngine+Alerts).
    var alertSeparators = 0
    if options.extensions.contains(.alerts),
      let separated = Self.separatingAlerts(in: prepared)
    {
      (prepared, alertSeparators) = separated
    }
    let bytes = Self.renderPrepared(
      prepared, flags: Self.flags(for: options), githubLineBreaks: options.hardLineBreaks
    ) { generated in
      guard alertSeparators > 0 else { return Self.finished(generated, prepared, options) }
      return Self.removingAlertSeparators(generated, count: alertSeparators)
        .withUnsafeBufferPointer { Self.finished($0, prepared, options) }
    }
    return HTMLFragment(bytes: bytes, engineID: "discount")
  }

  /// The generated HTML of `prepared` as the engine returns it: task markers written back
  /// unless asked for, and checked in safe mode.
  private static func finished(
    _ generated: UnsafeBufferPointer<UInt8>, _ prepared: String, _ options: RenderOptions
  ) -> HTMLBytes {
    // Discount (built with GitHub checkboxes) turns `[ ]` items into glyphs whatever the
    // flags: without task lists the text is written back.
    let untasked =
      options.extensions.contains(.taskLists)
      ? nil : Self.restoringTaskMarkers(in: generated) { Self.checkedTaskLetter(in: prepared) }
    // Safe mode: every tag checked as a browser reads it, every URL by the one rule.
    let checked =
      options.unsafe
      ? nil
      : untasked.map { $0.withUnsafeBufferPointer(GeneratedHTMLChecker.checked) ?? $0 }
        ?? GeneratedHTMLChecker.checked(generated)
    guard let final = checked ?? untasked else { return HTMLBytes(copying: generated) }
    return final.withUnsafeBufferPointer { HTMLBytes(copying: $0) }
  }

  /// Renders `markdown` and imports the HTML, as every engine without a tree does; raw HTML
  /// through the allowlist (`RenderOptions.allowsHTML`) is rendered as written,
  /// and the document imported keeps what `SanitizerPolicy.gitHubWithEngineMarkup`
  /// allows.
  public func document(
    _ markdown: String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    guard options.allowsHTML else {
      return try importer.importDocument(fragment: render(markdown, options: options))
    }
    let document = try importer.importDocument(
      fragment: render(markdown, options: options.documentParsing))
    return SanitizerPolicy.gitHubWithEngineMarkup.applied(to: document)
  }

  /// The library's version string, e.g. `"2.2.7"`.
  static let libraryVersion: String = {
    let full = String(cString: cdiscount_version())
    return String(full.split(separator: " ").first ?? Substring(full))
  }()

  /// Discount's flags for `options`, as DESIGN.md's option table maps them.
  ///
  /// Discount-only syntax is always off and fenced code always on, so that both engines
  /// read the same documents the same way.
  package static func flags(for options: RenderOptions) -> UInt32 {
    var flags: UInt32 =
      UInt32(MKD_FENCEDCODE) | UInt32(MKD_NOHEADER) | UInt32(MKD_NOSTYLE)
      | UInt32(MKD_NOALPHALIST) | UInt32(MKD_NODIVQUOTE) | UInt32(MKD_NO_EXT)
    let extensions = options.extensions
    if !options.unsafe { flags |= UInt32(MKD_NOHTML) | UInt32(MKD_SAFELINK) }
    if !options.smartPunctuation { flags |= UInt32(MKD_NOPANTS) }
    if !extensions.contains(.tables) { flags |= UInt32(MKD_NOTABLES) }
    if !extensions.contains(.strikethrough) { flags |= UInt32(MKD_NOSTRIKETHROUGH) }
    if !extensions.contains(.superscript) { flags |= UInt32(MKD_NOSUPERSCRIPT) }
    if extensions.contains(.footnotes) { flags |= UInt32(MKD_EXTRA_FOOTNOTE) }
    if !extensions.contains(.definitionLists) { flags |= UInt32(MKD_NODLIST) }
    if extensions.contains(.autolinks) { flags |= UInt32(MKD_AUTOLINK) }
    // No MKD_TOC: heading anchors and the table of contents are the framework's, computed
    // from the Document the same way for every engine.
    return flags
  }

  /// The C calls on prepared input, serialised; the output is copied out of the document
  /// that owns it before the document is released.
  static func renderPrepared(
    _ markdown: String, flags: UInt32, githubLineBreaks: Bool = false,
    finish: (UnsafeBufferPointer<UInt8>) -> HTMLBytes
  ) -> HTMLBytes {
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      library.run {
        compile(bytes, flags: flags, githubLineBreaks: githubLineBreaks, finish)
      }
    }
  }

  /// Runs the library's one-time initialisation if it has not run, for code that calls
  /// libmarkdown itself (the benchmark's floor): it then calls the library as the engine set
  /// it up.
  package static func prepareLibrary() {
    _ = library
  }

  /// The size of the stack libmarkdown runs on (0 if the system granted no thread).
  package static var stackBytes: Int { library.stackBytes }

  /// Runs the library's one-time initialisation, keeping the host's `random()` sequence:
  /// `mkd_initialize` reseeds it with the time, so the seeding goes to a scratch state.
  private static func initializeLibrary() {
    // Discount grows each buffer by what it appends; see DiscountGrowth.h. Before any call,
    // so that every block libmarkdown grows goes through it.
    _ = discount_growth_install()
    let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
    let hostState = initstate(1, scratch, 256)
    mkd_initialize()
    if let hostState { setstate(hostState) }
    scratch.deallocate()
    mkd_with_html5_tags()
  }

  /// Whether libmarkdown's `realloc` calls go through the growing one (DiscountGrowth.h), so that
  /// its buffers move O(log n) times rather than once per append.
  package static var growsGeometrically: Bool {
    _ = library
    return discount_growth_install() != 0
  }

  /// How many of libmarkdown's `realloc` calls on blocks of a page or more had to move or grow
  /// the block, in this process so far.
  package static var largeReallocations: UInt64 {
    _ = library
    return discount_growth_reallocations()
  }

  /// A code block as Discount's own renderer writes it (the text escaped, blank lines kept
  /// only before a line with text), but with the info string's first word, escaped, as
  /// `class="language-…"`: Discount 2.2.7 copies the whole info string into `class` unescaped,
  /// so a fence such as ```` ```"><script> ```` opened a live tag. Returned in `malloc`'d memory,
  /// which Discount hands back to `free`.
  private static func codeBlock(
    text: UnsafePointer<CChar>?, size: Int, language: UnsafeMutableRawPointer?
  ) -> UnsafeMutablePointer<CChar>? {
    var html = HTMLOutput(capacity: size + size / 8 + 64)
    html.append("<pre><code")
    if let language {
      let info = String(cString: language.assumingMemoryBound(to: CChar.self))
      if let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first {
        var attribute = " class=\"language-\(escapedKeepingReferences(String(word)))\""
        attribute.withUTF8 { html.append($0) }
      }
    }
    html.append(byte: UInt8(ascii: ">"))
    if let text {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: size)
      var blankLines = 0
      var lineStart = 0
      while lineStart < bytes.count {
        // The first byte that is not a blank decides; the line's end is found by memchr.
        var firstText = lineStart
        while firstText < bytes.count,
          bytes[firstText] == UInt8(ascii: " ") || bytes[firstText] == UInt8(ascii: "\t")
        {
          firstText += 1
        }
        guard firstText < bytes.count, bytes[firstText] != UInt8(ascii: "\n") else {
          // A blank line counts only when a newline ends it.
          if firstText < bytes.count { blankLines += 1 }
          lineStart = firstText + 1
          continue
        }
        let lineEnd =
          memchr(bytes.baseAddress! + firstText, Int32(UInt8(ascii: "\n")), bytes.count - firstText)
          .map { bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
          ?? bytes.count
        for _ in 0..<blankLines { html.append(byte: UInt8(ascii: "\n")) }
        blankLines = 0
        HTMLEscaping.append(
          utf8: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), for: .text,
          to: &html)
        html.append(byte: UInt8(ascii: "\n"))
        lineStart = lineEnd + 1
      }
    }
    html.append("</code></pre>")
    html.append(byte: 0)
    return UnsafeMutableRawPointer(html.takeMemory()).assumingMemoryBound(to: CChar.self)
  }

  /// `text` escaped for an attribute value, except that a character reference (`&ouml;`,
  /// `&#246;`) stays one, as CommonMark reads info strings: no quote or bracket can pass.
  private static func escapedKeepingReferences(_ text: String) -> String {
    let parts = text.split(separator: "&", omittingEmptySubsequences: false)
    var escaped = HTMLEscaping.escape(String(parts[0]))
    for part in parts.dropFirst() {
      let name = part.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
      let isReference = !name.isEmpty && part.dropFirst(name.count).first == ";"
      escaped += (isReference ? "&" : "&amp;") + HTMLEscaping.escape(String(part))
    }
    return escaped
  }

  /// Compiles `bytes`, with code blocks written by ``codeBlock(text:size:language:)``, and
  /// hands the generated HTML to `body`; the document (which owns that buffer) is released
  /// when `body` returns.
  private static func compile<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, flags: UInt32, githubLineBreaks: Bool,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    let document = bytes.withMemoryRebound(to: CChar.self) { text -> OpaquePointer? in
      guard let base = text.baseAddress, !text.isEmpty else { return nil }
      let raw =
        githubLineBreaks
        ? gfm_string(base, Int32(text.count), flags) : mkd_string(base, Int32(text.count), flags)
      return raw.map(OpaquePointer.init)
    }
    guard let document = document.map(UnsafeMutableRawPointer.init) else { return body(empty) }
    defer { mkd_cleanup(document) }
    mkd_e_code_format(document) { text, size, language in
      DiscountEngine.codeBlock(text: text, size: Int(size), language: language)
    }
    mkd_e_free(document) { formatted, _ in free(formatted) }
    guard mkd_compile(document, flags) != 0 else { return body(empty) }
    var output: UnsafeMutablePointer<CChar>?
    let length = mkd_document(document, &output)
    guard let output, length > 0 else { return body(empty) }
    return output.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      body(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }
}
