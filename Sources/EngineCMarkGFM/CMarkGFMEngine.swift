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

  /// cmark-gfm's identity, library version and features. The version is the one the loader
  /// asks for by soname, so reading it loads nothing; a missing library is reported by the
  /// first render.
  public var descriptor: EngineDescriptor { Self.descriptor }

  /// Built once: every render reads it to check the options.
  private static let descriptor =
    EngineDescriptor(
      id: "cmark-gfm", displayName: "cmark-gfm (GitHub Flavored Markdown)",
      libraryVersion: String(cString: rgfm_requested_version()),
      features: [
        .rawHTML, .smartPunctuation, .hardLineBreaks, .sourcePositions, .tables, .strikethrough,
        .footnotes, .autolinks, .taskLists, .tagFilter,
      ],
      isSafeOnHostileInput: false, concurrency: .serialized)

  /// The version the loaded library reports, loading it if need be; nil when it cannot be
  /// loaded.
  package static var loadedLibraryVersion: String? {
    rgfm_version().map { String(cString: $0) }
  }

  /// Renders `markdown` with libcmark-gfm; see ``MarkdownEngine/render(_:options:)``.
  ///
  /// The tagfilter (`.tagFilter`) escapes `<script>`, `<style>`, `<iframe>` and the other tags
  /// GitHub filters; it only matters when raw HTML passes (`unsafe`).
  public func render(_ markdown: consuming String, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    try render(source: .text(consume markdown), options: options)
  }

  /// Builds the document from cmark-gfm's node tree (no HTML written or parsed); see
  /// ``MarkdownEngine/document(_:options:importer:)``.
  ///
  /// Tables, task lists and strikethrough come from the tree as the renderer writes them. With
  /// source positions on, footnotes in the document, or raw HTML passing, the HTML of the same
  /// parse is imported instead.
  public func document(
    _ markdown: consuming String, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try document(source: .text(consume markdown), options: options, importer: importer)
  }

  /// ``render(_:options:)`` of `source`.
  private func render(source: consuming MarkdownSource, options: RenderOptions)
    throws(RenderError) -> HTMLFragment
  {
    try checkSupport(of: options)
    let parsed = try Self.parse(consume source, options: options)
    defer { rgfm_document_free(parsed) }
    return try Self.fragment(of: parsed)
  }

  /// ``document(_:options:importer:)`` of `source`.
  private func document(
    source: consuming MarkdownSource, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try checkSupport(of: options)
    let length = source.byteCount
    return try Self.document(
      of: Self.parse(consume source, options: options.documentParsing), length: length,
      options: options, importer: importer)
  }

  /// The document of the parse `parsed` of `length` bytes, which it frees.
  private static func document(
    of parsed: OpaquePointer, length: Int, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    defer { rgfm_document_free(parsed) }
    func imported() throws(RenderError) -> Document {
      let document = try importer.importDocument(fragment: fragment(of: parsed))
      return options.allowsHTML
        ? SanitizerPolicy.gitHubWithEngineMarkup.applied(to: document) : document
    }
    if options.sourcePositions { return try imported() }
    var builder = MarkdownDocumentBuilder(options: options, markdownLength: length)
    guard try walk(parsed, into: &builder) else { return try imported() }
    return try builder.finish(importing: imported)
  }

  /// Parses `source`, which is freed on return when this was its only reference (the tree
  /// holds every literal itself, so the text need not stay resident beside the tree and the
  /// output); the caller releases the result with `rgfm_document_free`.
  private static func parse(
    _ source: consuming MarkdownSource, options: RenderOptions
  ) throws(RenderError) -> OpaquePointer {
    try requireLibrary()
    let (flags, extensions) = flags(for: options)
    let parsed = source.withPreparedBytes {
      rgfm_parse($0.baseAddress, $0.count, flags, extensions)
    }
    guard let parsed else {
      throw .engineFailed(
        engine: "cmark-gfm", detail: "libcmark-gfm returned no tree (out of memory?)")
    }
    return parsed
  }

  /// The HTML of a parsed document, in a fragment that frees it (`rgfm_free_buffer`).
  private static func fragment(of parsed: OpaquePointer) throws(RenderError) -> HTMLFragment {
    var count = 0
    guard let html = rgfm_render_html(parsed, &count) else {
      throw .engineFailed(
        engine: "cmark-gfm", detail: "libcmark-gfm returned no output (out of memory?)")
    }
    // The buffer has left the document's arena; rgfm_free_buffer is what frees it.
    let bytes = html.withMemoryRebound(to: UInt8.self, capacity: count) { pointer in
      HTMLBytes(taking: pointer, count: count) {
        rgfm_free_buffer($0.assumingMemoryBound(to: CChar.self))
      }
    }
    return HTMLFragment(bytes: bytes, engineID: "cmark-gfm")
  }

  /// Feeds every node of the tree to `builder` in document order, writing tables and task-list
  /// items the way cmark-gfm's renderer does. Returns false at a node the builder cannot say
  /// (footnotes, whose numbering and back-links only the renderer knows): the caller imports
  /// the HTML instead.
  private static func walk(
    _ parsed: OpaquePointer, into builder: inout MarkdownDocumentBuilder
  ) throws(RenderError) -> Bool {
    guard let walk = rgfm_walk_new(parsed) else {
      throw .engineFailed(engine: "cmark-gfm", detail: "out of memory walking the tree")
    }
    defer { rgfm_walk_free(walk) }
    var node = rgfm_node()
    var alignments: [UInt8] = []
    var column = 0
    var inHeader = false
    var bodyOpen = false
    while true {
      let event = rgfm_walk_next(walk, &node)
      if event == RGFM_EVENT_DONE { return true }
      let kind = Int(node.kind)
      if event == RGFM_EVENT_EXIT {
        switch kind {
        case RGFM_NODE_DOCUMENT: break
        case RGFM_NODE_TABLE:
          if bodyOpen { builder.exit() }
          bodyOpen = false
          builder.exit()
        case RGFM_NODE_TABLE_ROW:
          builder.exit()
          if inHeader { builder.exit() }
          inHeader = false
        default: builder.exit()
        }
        continue
      }
      switch kind {
      case RGFM_NODE_DOCUMENT: break
      case RGFM_NODE_BLOCK_QUOTE: builder.enter(.blockQuote)
      case RGFM_NODE_LIST:
        builder.enter(
          .list(ordered: node.ordered != 0, start: Int(node.start), tight: node.tight != 0))
      case RGFM_NODE_ITEM:
        builder.enter(.item)
        if node.task != 0 {
          builder.enter(.element(.input, attributes: node.checked != 0 ? checkedBox : box))
          builder.exit()
          builder.text(" ")
        }
      case RGFM_NODE_PARAGRAPH: builder.enter(.paragraph)
      case RGFM_NODE_HEADING: builder.enter(.heading(level: Int(node.level)))
      case RGFM_NODE_EMPHASIS: builder.enter(.emphasis)
      case RGFM_NODE_STRONG: builder.enter(.strong)
      case RGFM_NODE_STRIKETHROUGH: builder.enter(.strikethrough)
      case RGFM_NODE_LINK:
        builder.enterLink(destination: bytes(node.url), title: bytes(node.title))
      case RGFM_NODE_IMAGE:
        builder.enterImage(source: bytes(node.url), title: bytes(node.title))
      case RGFM_NODE_TEXT: builder.text(bytes(node.literal))
      case RGFM_NODE_CODE: builder.code(bytes(node.literal))
      case RGFM_NODE_SOFT_BREAK: builder.softBreak()
      case RGFM_NODE_LINE_BREAK: builder.lineBreak()
      case RGFM_NODE_CODE_BLOCK:
        builder.codeBlock(info: bytes(node.info), text: bytes(node.literal))
      case RGFM_NODE_THEMATIC_BREAK: builder.thematicBreak()
      case RGFM_NODE_HTML_BLOCK, RGFM_NODE_HTML_INLINE:
        builder.html(bytes(node.literal), isBlock: kind == RGFM_NODE_HTML_BLOCK)
      case RGFM_NODE_TABLE:
        alignments = Array(UnsafeBufferPointer(start: node.alignments, count: Int(node.columns)))
        builder.enter(.element(.table))
      case RGFM_NODE_TABLE_ROW:
        column = 0
        if node.header != 0 {
          inHeader = true
          builder.enter(.element(.thead))
        } else if !bodyOpen {
          bodyOpen = true
          builder.enter(.element(.tbody))
        }
        builder.enter(.element(.tr))
      case RGFM_NODE_TABLE_CELL:
        let alignment = column < alignments.count ? alignments[column] : 0
        column += 1
        builder.enter(.element(inHeader ? .th : .td, attributes: Self.aligned(alignment)))
      default:
        // Footnotes and anything unknown: only the renderer can say them.
        return false
      }
    }
  }

  /// A task-list item's checkbox as cmark-gfm's renderer writes it, unchecked and checked.
  private static let box: [MarkdownNode.Attribute] = [
    .init(.type, "checkbox"), .init(.disabled, ""),
  ]
  private static let checkedBox: [MarkdownNode.Attribute] = [
    .init(.type, "checkbox"), .init(.checked, ""), .init(.disabled, ""),
  ]

  /// A table cell's `align` attribute for cmark-gfm's column alignment (`l`, `c`, `r`, or 0).
  private static func aligned(_ alignment: UInt8) -> [MarkdownNode.Attribute] {
    switch alignment {
    case UInt8(ascii: "l"): alignedLeft
    case UInt8(ascii: "c"): alignedCenter
    case UInt8(ascii: "r"): alignedRight
    default: []
    }
  }

  private static let alignedLeft: [MarkdownNode.Attribute] = [.init(.align, "left")]
  private static let alignedCenter: [MarkdownNode.Attribute] = [.init(.align, "center")]
  private static let alignedRight: [MarkdownNode.Attribute] = [.init(.align, "right")]

  /// The bytes of a string of the tree (NUL-terminated, owned by the document): no `String`
  /// is made of them; the builder checks them once as it stores them.
  private static func bytes(_ text: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
    guard let text else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(
      start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
  }

  private static func string(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
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
    let pairs: [(RenderFeature, UInt32)] = [
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
}

extension CMarkGFMEngine: UTF8MarkdownEngine {
  /// ``render(_:options:)`` of the bytes decoded; bytes that need no repair go to
  /// libcmark-gfm as they are, with no `String` built from them.
  package func render(utf8 markdown: consuming Data, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    try render(source: .utf8(consume markdown), options: options)
  }

  /// ``document(_:options:importer:)`` of the bytes decoded, parsed as
  /// ``render(utf8:options:)`` parses them.
  package func document(
    utf8 markdown: consuming Data, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try document(source: .utf8(consume markdown), options: options, importer: importer)
  }
}

extension CMarkGFMEngine: CodeReplacingEngine {
  /// ``render(_:options:)`` with the code `replacement` renders written as its HTML: custom
  /// nodes put in the tree in one walk, which cmark-gfm's renderer writes as they are.
  package func render(
    source: consuming MarkdownSource, options: RenderOptions,
    replacing replacement: any CodeReplacement
  ) throws(RenderError) -> HTMLFragment? {
    try checkSupport(of: options)
    let parsed = try Self.parse(source, options: options)
    defer { rgfm_document_free(parsed) }
    guard
      try Self.replaceCode(
        in: parsed, with: replacement, layout: descriptor.htmlLayout,
        unsafe: options.unsafe || options.allowsHTML)
    else {
      return nil
    }
    return try Self.fragment(of: parsed)
  }

  /// Puts the HTML of `replacement` in place of the code it renders; false where the tree
  /// would not take it, or where raw HTML passes (`unsafe`).
  private static func replaceCode(
    in parsed: OpaquePointer, with replacement: any CodeReplacement, layout: HTMLLayout,
    unsafe: Bool
  ) throws(RenderError) -> Bool {
    guard let walk = rgfm_walk_new(parsed) else {
      throw .engineFailed(engine: "cmark-gfm", detail: "out of memory walking the tree")
    }
    defer { rgfm_walk_free(walk) }
    var node = rgfm_node()
    var images = 0
    // The HTML standing for the paragraph the walk is in, replaced as the walk leaves it (a
    // node may only be replaced once the walk is past it).
    var paragraph: String?
    while true {
      let event = rgfm_walk_next(walk, &node)
      if event == RGFM_EVENT_DONE { return true }
      let kind = Int(node.kind)
      if kind == RGFM_NODE_IMAGE {
        images += event == RGFM_EVENT_ENTER ? 1 : -1
        continue
      }
      if event == RGFM_EVENT_EXIT {
        if kind == RGFM_NODE_PARAGRAPH, let html = paragraph {
          paragraph = nil
          guard rgfm_walk_replace(walk, html) != 0 else { return false }
        }
        continue
      }
      // An image's alt text is plain text, where the renderer writes no custom node: its code
      // stays text, as on the document route.
      guard images == 0 else { continue }
      switch kind {
      case RGFM_NODE_CODE:
        guard let literal = node.literal,
          replacement.rendersCodeSpans(startingWith: UInt8(bitPattern: literal[0])),
          let (html, replacesParagraph) = replacement.html(forCodeSpan: String(cString: literal))
        else { continue }
        if replacesParagraph && node.alone != 0 {
          paragraph = html
        } else if rgfm_walk_replace(walk, html) == 0 {
          return false
        }
      case RGFM_NODE_CODE_BLOCK:
        let info = string(node.info)
        let language = String(info.prefix { $0 != " " && $0 != "\t" && $0 != "\n" })
        guard replacement.rendersCodeBlocks(language: language),
          let html = replacement.html(
            forCodeBlock: string(node.literal), language: language, layout: layout)
        else { continue }
        guard rgfm_walk_replace(walk, html) != 0 else { return false }
      // Raw HTML that passes is imported on the document route, so that a tag opened in one
      // node may close in another; omitted, the engine's comment stands, as in its own HTML
      // of a document without formulas.
      case RGFM_NODE_HTML_BLOCK, RGFM_NODE_HTML_INLINE: if unsafe { return false }
      default: break
      }
    }
  }
}
