internal import CDiscount
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
        .footnotes, .definitionLists, .autolinks,
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
    var bytes = Self.renderPrepared(
      MarkdownInput.prepare(markdown), flags: Self.flags(for: options),
      githubLineBreaks: options.hardLineBreaks)
    if !options.unsafe {
      bytes = GeneratedHTMLURLFilter.removingDangerousURLs(from: bytes)
    }
    return HTMLFragment(bytes: bytes, engineID: "discount")
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
    _ markdown: String, flags: UInt32, githubLineBreaks: Bool = false
  ) -> HTMLBytes {
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      library.run {
        compile(bytes, flags: flags, githubLineBreaks: githubLineBreaks) { HTMLBytes(copying: $0) }
      }
    }
  }

  /// The bare C calls, serialised, with no String produced: the benchmark's floor.
  package static func renderRawBaseline(_ bytes: UnsafeBufferPointer<UInt8>, flags: UInt32) -> Int {
    library.run {
      compile(bytes, flags: flags, githubLineBreaks: false) { $0.count }
    }
  }

  /// The bare C calls on the caller's thread, unserialised: the floor against which the
  /// large-stack thread's handoff is measured. Only for single-threaded benchmarks.
  package static func renderRawOnCallerThread(
    _ bytes: UnsafeBufferPointer<UInt8>, flags: UInt32
  ) -> Int {
    _ = library
    return compile(bytes, flags: flags, githubLineBreaks: false) { $0.count }
  }

  /// The size of the stack libmarkdown runs on (0 if the system granted no thread).
  package static var stackBytes: Int { library.stackBytes }

  /// Runs the library's one-time initialisation, keeping the host's `random()` sequence:
  /// `mkd_initialize` reseeds it with the time, so the seeding goes to a scratch state.
  private static func initializeLibrary() {
    let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
    let hostState = initstate(1, scratch, 256)
    mkd_initialize()
    if let hostState { setstate(hostState) }
    scratch.deallocate()
    mkd_with_html5_tags()
  }

  /// Compiles `bytes` and hands the generated HTML to `body`; the document (which owns
  /// that buffer) is released when `body` returns.
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
    guard mkd_compile(document, flags) != 0 else { return body(empty) }
    var output: UnsafeMutablePointer<CChar>?
    let length = mkd_document(document, &output)
    guard let output, length > 0 else { return body(empty) }
    return output.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      body(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }
}
