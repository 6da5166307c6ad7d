internal import CCMark
import Foundation
import RenderCore

/// The cmark engine: libcmark, the CommonMark reference implementation.
///
/// Safe on hostile input (linear time, no recursion on nesting) and thread-safe.
///
/// ```swift
/// let html = try CMarkEngine().render("*hi*", options: RenderOptions())
/// ```
public struct CMarkEngine: MarkdownEngine {
  /// Creates the engine; it holds no state.
  public init() {}

  /// cmark's identity, run-time library version and features.
  public var descriptor: EngineDescriptor {
    EngineDescriptor(
      id: "cmark", displayName: "cmark (CommonMark reference)",
      libraryVersion: String(cString: cmark_version_string()),
      features: [.rawHTML, .smartPunctuation, .hardLineBreaks, .sourcePositions],
      isSafeOnHostileInput: true, concurrency: .parallel)
  }

  /// Renders `markdown` with libcmark; see ``MarkdownEngine/render(_:options:)``.
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try checkSupport(of: options)
    let html = Self.renderPrepared(MarkdownInput.prepare(markdown), flags: Self.flags(for: options))
    return HTMLFragment(html: html, engineID: "cmark")
  }

  /// cmark's flags for `options`, as DESIGN.md's option table maps them.
  package static func flags(for options: RenderOptions) -> Int32 {
    var flags = CMARK_OPT_DEFAULT
    if options.unsafe { flags |= CMARK_OPT_UNSAFE }
    if options.smartPunctuation { flags |= CMARK_OPT_SMART }
    if options.hardLineBreaks { flags |= CMARK_OPT_HARDBREAKS }
    if options.sourcePositions { flags |= CMARK_OPT_SOURCEPOS }
    return flags
  }

  /// The raw C call on prepared input, for benchmarks that measure the framework's overhead.
  package static func renderPrepared(_ markdown: String, flags: Int32) -> String {
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      // cmark owns the returned buffer; we copy it into a String and free it here.
      let buffer = bytes.withMemoryRebound(to: CChar.self) { text in
        cmark_markdown_to_html(text.baseAddress, text.count, flags)
      }
      guard let buffer else { return "" }
      defer { free(buffer) }
      return String(cString: buffer)
    }
  }

  /// The bare C call and free, with no String produced: the benchmark's floor.
  package static func renderRawBaseline(_ bytes: UnsafeBufferPointer<UInt8>, flags: Int32) -> Int {
    bytes.withMemoryRebound(to: CChar.self) { text in
      guard let buffer = cmark_markdown_to_html(text.baseAddress, text.count, flags) else {
        return 0
      }
      defer { free(buffer) }
      return strlen(buffer)
    }
  }
}
