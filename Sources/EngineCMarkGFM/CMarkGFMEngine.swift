internal import CCMarkGFMLoader
import Foundation
import RenderCore

/// The cmark-gfm engine: GitHub's fork of cmark, with GitHub Flavored Markdown's tables,
/// strikethrough, autolinks (`www.`, bare URLs, e-mail), task lists, the tagfilter and footnotes.
///
/// libcmark-gfm is loaded at run time into a link-map namespace of its own, so that it and the
/// cmark engine's libcmark (which export the same `cmark_*` symbols) each call their own code in
/// one process. Only its run-time libraries are needed (Debian's `libcmark-gfm0.29.0.gfm.6` and
/// `libcmark-gfm-extensions0.29.0.gfm.6`); when they are missing, rendering throws a
/// ``RenderError/engineFailed(engine:detail:)`` that says which package to install.
///
/// Parsing is serialised (cmark-gfm switches a process-wide table of special characters for each
/// parse's extensions); rendering HTML from the parsed tree runs in parallel.
///
/// ```swift
/// var options = RenderOptions()
/// options.extensions = [.tables, .strikethrough, .autolinks, .taskLists]
/// let html = try CMarkGFMEngine().render("| a |\n|---|\n| ~~b~~ |", options: options)
/// ```
public struct CMarkGFMEngine: MarkdownEngine {
  /// Creates the engine; it holds no state (the library is loaded once, on first use).
  public init() {}

  /// cmark-gfm's identity, run-time library version and features.
  public var descriptor: EngineDescriptor {
    EngineDescriptor(
      id: "cmark-gfm", displayName: "cmark-gfm (GitHub Flavored Markdown)",
      libraryVersion: rgfm_version().map { String(cString: $0) } ?? "not loaded",
      features: [
        .rawHTML, .smartPunctuation, .hardLineBreaks, .sourcePositions, .tables, .strikethrough,
        .footnotes, .autolinks, .taskLists, .tagFilter,
      ],
      isSafeOnHostileInput: false, concurrency: .serialized)
  }

  /// Renders `markdown` with libcmark-gfm; see ``MarkdownEngine/render(_:options:)``.
  ///
  /// The tagfilter (`.tagFilter`) escapes `<script>`, `<style>`, `<iframe>` and the other tags
  /// GitHub filters; it only matters when raw HTML passes (`unsafe`).
  public func render(_ markdown: String, options: RenderOptions) throws(RenderError) -> HTMLFragment
  {
    try checkSupport(of: options)
    try Self.requireLibrary()
    var markdown = MarkdownInput.prepare(markdown)
    let (flags, extensions) = Self.flags(for: options)
    let output: (html: UnsafeMutablePointer<CChar>, count: Int)? = markdown.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in
        guard let document = rgfm_parse(text.baseAddress, text.count, flags, extensions) else {
          return nil
        }
        defer { rgfm_document_free(document) }
        var count = 0
        return rgfm_render_html(document, &count).map { ($0, count) }
      }
    }
    guard let output else {
      throw .engineFailed(
        engine: "cmark-gfm", detail: "libcmark-gfm returned no output (out of memory?)")
    }
    // The buffer belongs to libcmark-gfm's namespace: only its allocator may free it.
    let bytes = output.html.withMemoryRebound(to: UInt8.self, capacity: output.count) { pointer in
      HTMLBytes(taking: pointer, count: output.count) {
        rgfm_free_buffer($0.assumingMemoryBound(to: CChar.self))
      }
    }
    return HTMLFragment(bytes: bytes, engineID: "cmark-gfm")
  }

  /// The loader's options and extensions for `options`.
  package static func flags(for options: RenderOptions) -> (options: Int32, extensions: UInt32) {
    var flags: Int32 = 0
    if options.unsafe { flags |= Int32(RGFM_OPTION_UNSAFE) }
    if options.smartPunctuation { flags |= Int32(RGFM_OPTION_SMART) }
    if options.hardLineBreaks { flags |= Int32(RGFM_OPTION_HARD_BREAKS) }
    if options.sourcePositions { flags |= Int32(RGFM_OPTION_SOURCE_POSITIONS) }
    if options.extensions.contains(.footnotes) { flags |= Int32(RGFM_OPTION_FOOTNOTES) }
    var extensions: UInt32 = 0
    let pairs: [(MarkdownExtension, UInt32)] = [
      (.tables, UInt32(RGFM_EXTENSION_TABLE)),
      (.strikethrough, UInt32(RGFM_EXTENSION_STRIKETHROUGH)),
      (.autolinks, UInt32(RGFM_EXTENSION_AUTOLINK)),
      (.taskLists, UInt32(RGFM_EXTENSION_TASKLIST)),
      (.tagFilter, UInt32(RGFM_EXTENSION_TAGFILTER)),
    ]
    for (name, bit) in pairs where options.extensions.contains(name) { extensions |= bit }
    return (flags, extensions)
  }

  /// Throws a message naming the package to install when the library cannot be loaded.
  package static func requireLibrary() throws(RenderError) {
    guard let failure = rgfm_load() else { return }
    // Debian names the run-time package after the soname: libcmark-gfm-extensions0.29.0.gfm.6.
    let package = String(cString: rgfm_library_name()).replacingOccurrences(of: ".so.", with: "")
    throw .engineFailed(
      engine: "cmark-gfm",
      detail:
        "\(String(cString: failure)); install it (apt-get install \(package)) "
        + "or choose another engine (--engine cmark)")
  }

  /// Parse, render and free in C, with no Swift `String` produced: the benchmark's floor.
  package static func renderRawBaseline(
    _ bytes: UnsafeBufferPointer<UInt8>, options: Int32, extensions: UInt32
  ) -> Int {
    bytes.withMemoryRebound(to: CChar.self) { text in
      max(0, rgfm_markdown_to_html_length(text.baseAddress, text.count, options, extensions))
    }
  }
}
