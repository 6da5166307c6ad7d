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
    var markdown = MarkdownInput.prepare(markdown)
    let flags = Self.flags(for: options)
    let output = markdown.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        cmark_markdown_to_html($0.baseAddress, $0.count, flags)
      }
    }
    guard let output else {
      throw .engineFailed(engine: "cmark", detail: "libcmark returned no output (out of memory?)")
    }
    // cmark allocated the buffer with malloc; the fragment owns it from here and frees it.
    let bytes = output.withMemoryRebound(to: UInt8.self, capacity: 1) { pointer in
      HTMLBytes(taking: pointer, count: strlen(output)) { free($0) }
    }
    return HTMLFragment(bytes: bytes, engineID: "cmark")
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
