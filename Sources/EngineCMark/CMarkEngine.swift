internal import CCMark
internal import CParseArena
import Foundation
import RenderCore

/// The cmark engine: libcmark, the CommonMark reference implementation.
///
/// Thread-safe, with no recursion on nesting, but not safe on hostile input: Debian's
/// libcmark 0.30.2 lacks the fixes of 0.30.3 (CVE-2023-22486) and 0.31.0, and four of cmark's
/// own pathological inputs (`../shared/suites/pathological.json`) run for minutes. The tools
/// therefore run it in a worker process with a deadline.
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
      isSafeOnHostileInput: false, concurrency: .parallel)
  }

  /// Renders `markdown` with libcmark; see ``MarkdownEngine/render(_:options:)``.
  ///
  /// Parses, then writes the HTML, as `cmark_markdown_to_html` does, but frees the text in
  /// between when this is its only copy: the tree holds every literal itself, and the text
  /// would otherwise stay resident beside the tree and the growing output, adding the
  /// document's own size to the peak.
  public func render(_ markdown: consuming String, options: RenderOptions) throws(RenderError)
    -> HTMLFragment
  {
    try render(source: .text(consume markdown), options: options)
  }

  /// Builds the document from cmark's node tree (no HTML written or parsed); see
  /// ``MarkdownEngine/document(_:options:importer:)``.
  ///
  /// With source positions on, the HTML of the same tree (whose `data-sourcepos` attributes
  /// the tree path does not write) is imported instead.
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
    let flags = Self.flags(for: options)
    let arena = try Self.enterArena()
    defer { Self.leave(arena) }
    return try Self.fragment(of: Self.parse(consume source, flags: flags), flags: flags)
  }

  /// ``document(_:options:importer:)`` of `source`.
  private func document(
    source: consuming MarkdownSource, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    try checkSupport(of: options)
    let length = source.byteCount
    let arena = try Self.enterArena()
    defer { Self.leave(arena) }
    return try Self.document(
      of: Self.parse(consume source, flags: Self.flags(for: options)), length: length,
      options: options, importer: importer)
  }

  /// The document of the tree `root`, parsed from `length` bytes.
  private static func document(
    of root: OpaquePointer, length: Int, options: RenderOptions, importer: any HTMLImporting
  ) throws(RenderError) -> Document {
    let flags = Self.flags(for: options.documentParsing)
    func imported() throws(RenderError) -> Document {
      let document = try importer.importDocument(fragment: fragment(of: root, flags: flags))
      return options.allowsHTML
        ? SanitizerPolicy.gitHubWithEngineMarkup.applied(to: document) : document
    }
    if options.sourcePositions { return try imported() }
    var builder = MarkdownDocumentBuilder(options: options, markdownLength: length)
    Self.walk(root, into: &builder)
    return try builder.finish(importing: imported)
  }

  /// A fresh parse arena, entered on this thread: cmark's allocations go to it until
  /// ``leave(_:)`` frees it with every tree parsed in it.
  ///
  /// cmark allocates each node, literal and delimiter with its allocator and frees a tree
  /// node by node; in the arena an allocation moves a pointer, the free of a small block does
  /// nothing, and the tree goes with the arena's chunks (`ParseArena.h`).
  private static func enterArena() throws(RenderError) -> OpaquePointer {
    guard let arena = parse_arena_create() else {
      throw .engineFailed(engine: "cmark", detail: "no memory for the parse arena")
    }
    parse_arena_enter(arena)
    return arena
  }

  /// Leaves and frees an arena of ``enterArena()``.
  private static func leave(_ arena: OpaquePointer) {
    parse_arena_enter(nil)
    parse_arena_destroy(arena)
  }

  /// cmark's allocator record pointing at the parse arena's functions; it lives as long as
  /// the process, since every node cmark makes keeps its address.
  private nonisolated(unsafe) static let arenaAllocator: UnsafeMutablePointer<cmark_mem> = {
    let allocator = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    allocator.initialize(
      to: cmark_mem(
        calloc: parse_arena_calloc, realloc: parse_arena_realloc, free: parse_arena_free))
    return allocator
  }()

  /// Parses `source` into the entered arena (``enterArena()``), which holds the tree;
  /// `source` is freed on return when this was its only reference.
  private static func parse(_ source: consuming MarkdownSource, flags: Int32) throws(RenderError)
    -> OpaquePointer
  {
    let root = source.withPreparedBytes { bytes -> OpaquePointer? in
      guard let parser = cmark_parser_new_with_mem(flags, arenaAllocator) else { return nil }
      defer { cmark_parser_free(parser) }
      cmark_parser_feed(parser, bytes.baseAddress, bytes.count)
      return cmark_parser_finish(parser)
    }
    guard let root else {
      throw .engineFailed(engine: "cmark", detail: "libcmark returned no tree (out of memory?)")
    }
    return root
  }

  /// The HTML of the tree `root`, in a fragment that owns cmark's buffer.
  private static func fragment(of root: OpaquePointer, flags: Int32) throws(RenderError)
    -> HTMLFragment
  {
    guard let output = cmark_render_html(root, flags) else {
      throw .engineFailed(engine: "cmark", detail: "libcmark returned no output (out of memory?)")
    }
    let count = strlen(output)
    // The buffer leaves the arena (a small one is copied out); the fragment frees it.
    let taken = parse_arena_take(output).assumingMemoryBound(to: UInt8.self)
    let bytes = HTMLBytes(taking: taken, count: count) { parse_arena_free_taken($0) }
    return HTMLFragment(bytes: bytes, engineID: "cmark")
  }

  /// Feeds every node of cmark's tree to `builder`, in document order, without recursion.
  private static func walk(_ root: OpaquePointer, into builder: inout MarkdownDocumentBuilder) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { return }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      if event == CMARK_EVENT_EXIT {
        if !Self.isUntranslated(type) { builder.exit() }
        continue
      }
      switch type {
      case CMARK_NODE_BLOCK_QUOTE: builder.enter(.blockQuote)
      case CMARK_NODE_LIST:
        builder.enter(
          .list(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)),
            tight: cmark_node_get_list_tight(node) != 0))
      case CMARK_NODE_ITEM: builder.enter(.item)
      case CMARK_NODE_PARAGRAPH: builder.enter(.paragraph)
      case CMARK_NODE_HEADING:
        builder.enter(.heading(level: Int(cmark_node_get_heading_level(node))))
      case CMARK_NODE_EMPH: builder.enter(.emphasis)
      case CMARK_NODE_STRONG: builder.enter(.strong)
      case CMARK_NODE_LINK:
        builder.enterLink(
          destination: bytes(cmark_node_get_url(node)), title: bytes(cmark_node_get_title(node)))
      case CMARK_NODE_IMAGE:
        builder.enterImage(
          source: bytes(cmark_node_get_url(node)), title: bytes(cmark_node_get_title(node)))
      case CMARK_NODE_TEXT: builder.text(bytes(cmark_node_get_literal(node)))
      case CMARK_NODE_CODE: builder.code(bytes(cmark_node_get_literal(node)))
      case CMARK_NODE_SOFTBREAK: builder.softBreak()
      case CMARK_NODE_LINEBREAK: builder.lineBreak()
      case CMARK_NODE_CODE_BLOCK:
        builder.codeBlock(
          info: bytes(cmark_node_get_fence_info(node)), text: bytes(cmark_node_get_literal(node)))
      case CMARK_NODE_THEMATIC_BREAK: builder.thematicBreak()
      case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
        builder.html(
          bytes(cmark_node_get_literal(node)), isBlock: type == CMARK_NODE_HTML_BLOCK)
      default:
        break
      }
    }
  }

  /// Containers with no element of their own: the document, and custom nodes (which only an
  /// API user creates, never the parser).
  private static func isUntranslated(_ type: cmark_node_type) -> Bool {
    type == CMARK_NODE_DOCUMENT || type == CMARK_NODE_CUSTOM_BLOCK
      || type == CMARK_NODE_CUSTOM_INLINE
  }

  /// The bytes of a string of the tree (NUL-terminated, in the arena): no `String` is made of
  /// them; the builder checks them once as it stores them.
  private static func bytes(_ text: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
    guard let text else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(
      start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
  }

  private static func string(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
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
}

extension CMarkEngine: UTF8MarkdownEngine {
  /// ``render(_:options:)`` of the bytes decoded; bytes that need no repair go to libcmark as
  /// they are, with no `String` built from them.
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

extension CMarkEngine: CodeReplacingEngine {
  /// ``render(_:options:)`` with the code `replacement` renders written as its HTML: custom
  /// nodes put in the tree in one walk, which cmark's renderer writes as they are.
  package func render(
    source: consuming MarkdownSource, options: RenderOptions,
    replacing replacement: any CodeReplacement
  ) throws(RenderError) -> HTMLFragment? {
    try checkSupport(of: options)
    let flags = Self.flags(for: options)
    let arena = try Self.enterArena()
    defer { Self.leave(arena) }
    let root = try Self.parse(source, flags: flags)
    guard
      Self.replaceCode(
        in: root, with: replacement, layout: descriptor.htmlLayout,
        unsafe: options.unsafe || options.allowsHTML)
    else {
      return nil
    }
    return try Self.fragment(of: root, flags: flags)
  }

  /// Puts the HTML of `replacement` in place of the code it renders; false where the tree
  /// would not take it, or where raw HTML passes (`unsafe`). The walk goes on after each node
  /// replaced (the iterator has already stepped past it), never into the custom node that
  /// replaced it.
  private static func replaceCode(
    in root: OpaquePointer, with replacement: any CodeReplacement, layout: HTMLLayout,
    unsafe: Bool
  ) -> Bool {
    guard let iterator = cmark_iter_new(root) else { return false }
    defer { cmark_iter_free(iterator) }
    var images = 0
    // The HTML standing for the paragraph the walk is in, replaced as the walk leaves it (a
    // node may only be replaced once the walk is past it).
    var paragraph: String?
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { return true }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      if type == CMARK_NODE_IMAGE {
        images += event == CMARK_EVENT_ENTER ? 1 : -1
        continue
      }
      if event == CMARK_EVENT_EXIT {
        if type == CMARK_NODE_PARAGRAPH, let html = paragraph {
          paragraph = nil
          guard replace(node, with: html, type: CMARK_NODE_CUSTOM_BLOCK) else { return false }
        }
        continue
      }
      // An image's alt text is plain text, where the renderer writes no custom node: its code
      // stays text, as on the document route.
      guard images == 0 else { continue }
      switch type {
      case CMARK_NODE_CODE:
        guard let literal = cmark_node_get_literal(node),
          replacement.rendersCodeSpans(startingWith: UInt8(bitPattern: literal[0])),
          let (html, replacesParagraph) = replacement.html(forCodeSpan: String(cString: literal))
        else { continue }
        if replacesParagraph && isAloneInParagraph(node) {
          paragraph = html
        } else if !replace(node, with: html, type: CMARK_NODE_CUSTOM_INLINE) {
          return false
        }
      case CMARK_NODE_CODE_BLOCK:
        let info = string(cmark_node_get_fence_info(node))
        let language = String(info.prefix { $0 != " " && $0 != "\t" && $0 != "\n" })
        guard replacement.rendersCodeBlocks(language: language),
          let html = replacement.html(
            forCodeBlock: string(cmark_node_get_literal(node)), language: language,
            layout: layout)
        else { continue }
        guard replace(node, with: html, type: CMARK_NODE_CUSTOM_BLOCK) else { return false }
      // Raw HTML that passes is imported on the document route, so that a tag opened in one
      // node may close in another; omitted, the engine's comment stands, as in its own HTML
      // of a document without formulas.
      case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE: if unsafe { return false }
      default: break
      }
    }
  }

  /// Replaces `node` with a custom node of `type` whose HTML is `html`, in the entered arena
  /// (which the node left out goes with).
  private static func replace(_ node: OpaquePointer, with html: String, type: cmark_node_type)
    -> Bool
  {
    guard let custom = cmark_node_new_with_mem(type, arenaAllocator) else { return false }
    return cmark_node_set_on_enter(custom, html) != 0 && cmark_node_replace(node, custom) != 0
  }

  /// Whether `node` is all its paragraph holds, and the paragraph is written as `<p>` (the
  /// renderer leaves out the `<p>` of a tight list's paragraphs).
  private static func isAloneInParagraph(_ node: OpaquePointer) -> Bool {
    guard let paragraph = cmark_node_parent(node),
      cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
      cmark_node_previous(node) == nil, cmark_node_next(node) == nil
    else { return false }
    guard let list = cmark_node_parent(paragraph).flatMap(cmark_node_parent),
      cmark_node_get_type(list) == CMARK_NODE_LIST
    else { return true }
    return cmark_node_get_list_tight(list) == 0
  }
}
