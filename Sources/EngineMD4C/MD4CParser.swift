internal import CMD4C
import Foundation
import RenderCore

/// Everything that talks to libmd4c and libmd4c-html: the parser's callbacks translated into
/// Swift events for a sink, md4c's flags, its entity table, its own HTML renderer (the
/// reference the engine's writer is checked against) and the library's version.
///
/// Input must be followed in memory by a NUL: md4c 0.4.8 reads past the end of its input up
/// to one. A `String`'s UTF-8 always is (a small string's too); the engine copies bytes once
/// with a NUL after them (``MarkdownSource/withNULTerminatedPreparedBytes(_:)``).
enum MD4CParser {
  /// The libmd4c version, read at run time from the name of the file the library was loaded
  /// from (`libmd4c.so.0` resolves to `libmd4c.so.0.4.8`): md4c 0.4.8 has no version
  /// function, and its headers no version macros (those arrived in 0.5). `dladdr` and
  /// `realpath` are two cheap calls, where reading `/proc/self/maps` would weigh on every
  /// start of the CLI.
  static let libraryVersion: String = {
    var info = CMD4CLoadedFile()
    let parse:
      @convention(c) (
        UnsafePointer<MD_CHAR>?, MD_SIZE, UnsafePointer<MD_PARSER>?, UnsafeMutableRawPointer?
      ) -> Int32 = md_parse
    guard dladdr(unsafeBitCast(parse, to: UnsafeRawPointer.self), &info) != 0,
      let loaded = info.path, let resolved = realpath(loaded, nil)
    else { return "unknown" }
    defer { free(resolved) }
    let file = String(cString: resolved).split(separator: "/").last ?? ""
    guard file.hasPrefix("libmd4c.so.") else { return "unknown" }
    return String(file.dropFirst("libmd4c.so.".count))
  }()

  /// md4c's parser flags for `options`: raw HTML off unless unsafe, and the extensions asked for.
  static func flags(for options: RenderOptions) -> UInt32 {
    var flags: UInt32 = 0
    if !options.unsafe { flags |= UInt32(MD_FLAG_NOHTMLBLOCKS | MD_FLAG_NOHTMLSPANS) }
    let extensions = options.extensions
    if extensions.contains(.tables) { flags |= UInt32(MD_FLAG_TABLES) }
    if extensions.contains(.strikethrough) { flags |= UInt32(MD_FLAG_STRIKETHROUGH) }
    if extensions.contains(.taskLists) { flags |= UInt32(MD_FLAG_TASKLISTS) }
    if extensions.contains(.autolinks) {
      flags |= UInt32(
        MD_FLAG_PERMISSIVEURLAUTOLINKS | MD_FLAG_PERMISSIVEWWWAUTOLINKS
          | MD_FLAG_PERMISSIVEEMAILAUTOLINKS)
    }
    return flags
  }

  /// Parses `markdown` into `writer`; false when md4c failed (out of memory).
  static func parse(
    _ markdown: UnsafeBufferPointer<UInt8>, flags: UInt32, into writer: inout MD4CHTMLWriter
  ) -> Bool {
    var parser = MD_PARSER(
      abi_version: 0, flags: flags,
      enter_block: { type, detail, sink in
        MD4CParser.events(sink, MD4CHTMLWriter.self).pointee.enterBlock(
          MD4CParser.block(type, detail))
        return 0
      },
      leave_block: { type, detail, sink in
        MD4CParser.events(sink, MD4CHTMLWriter.self).pointee.leaveBlock(
          MD4CParser.block(type, detail))
        return 0
      },
      enter_span: { type, detail, sink in
        MD4CParser.events(sink, MD4CHTMLWriter.self).pointee.enterSpan(
          MD4CParser.span(type, detail))
        return 0
      },
      leave_span: { type, detail, sink in
        MD4CParser.events(sink, MD4CHTMLWriter.self).pointee.leaveSpan(
          MD4CParser.span(type, detail))
        return 0
      },
      text: { type, text, size, sink in
        MD4CParser.events(sink, MD4CHTMLWriter.self).pointee.text(
          MD4CParser.textKind(type), MD4CParser.bytes(text, size))
        return 0
      },
      debug_log: nil, syntax: nil)
    return run(markdown, &parser, &writer)
  }

  /// Parses `markdown` into `builder`; false when md4c failed or the builder stopped it.
  static func parse(
    _ markdown: UnsafeBufferPointer<UInt8>, flags: UInt32, into builder: inout MD4CDocumentBuilder
  ) -> Bool {
    var parser = MD_PARSER(
      abi_version: 0, flags: flags,
      enter_block: { type, detail, sink in
        MD4CParser.events(sink, MD4CDocumentBuilder.self).pointee.enterBlock(
          MD4CParser.block(type, detail))
        return 0
      },
      leave_block: { type, detail, sink in
        MD4CParser.events(sink, MD4CDocumentBuilder.self).pointee.leaveBlock(
          MD4CParser.block(type, detail))
        return 0
      },
      enter_span: { type, detail, sink in
        MD4CParser.events(sink, MD4CDocumentBuilder.self).pointee.enterSpan(
          MD4CParser.span(type, detail))
        return 0
      },
      leave_span: { type, detail, sink in
        MD4CParser.events(sink, MD4CDocumentBuilder.self).pointee.leaveSpan(
          MD4CParser.span(type, detail))
        return 0
      },
      text: { type, text, size, sink in
        // Raw HTML under `unsafe` ends the parse: only an HTML parser can say what it means.
        MD4CParser.events(sink, MD4CDocumentBuilder.self).pointee.text(
          MD4CParser.textKind(type), MD4CParser.bytes(text, size)) ? 0 : 1
      },
      debug_log: nil, syntax: nil)
    return run(markdown, &parser, &builder)
  }

  /// md4c's own HTML renderer, `md_html`, into one growing buffer: the reference the engine's
  /// writer is compared with, and the benchmark's floor.
  static func libraryHTML(_ markdown: UnsafeBufferPointer<UInt8>, flags: UInt32) -> HTMLBytes {
    var output = HTMLOutput(capacity: HTMLOutput.expectedCapacity(forInput: markdown.count))
    renderLibraryHTML(markdown, flags: flags, into: &output)
    return output.take()
  }

  private static func renderLibraryHTML(
    _ markdown: UnsafeBufferPointer<UInt8>, flags: UInt32, into output: inout HTMLOutput
  ) {
    guard let base = markdown.baseAddress, !markdown.isEmpty else { return }
    withUnsafeMutablePointer(to: &output) { output in
      _ = md_html(
        characters(base), MD_SIZE(markdown.count),
        { text, size, output in
          guard let text, let output else { return }
          output.assumingMemoryBound(to: HTMLOutput.self).pointee.append(
            UnsafeRawPointer(text), count: Int(size))
        }, output, flags, 0)
    }
  }

  /// The characters md_html writes for the entity `bytes` (`&name;`, `&#123;` or `&#x1F;`):
  /// numeric references decoded as md4c decodes them (0, surrogates and values past U+10FFFF
  /// become U+FFFD, where md_html writes invalid UTF-8 for surrogates), names through md4c's
  /// own HTML5 table; nil for a name the table lacks, which md_html writes as text.
  static func entityScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    Unicode.Scalar, Unicode.Scalar?
  )? {
    if bytes.count > 3, bytes[1] == UInt8(ascii: "#") {
      var value: UInt32 = 0
      let isHex = bytes[2] | 0x20 == UInt8(ascii: "x")
      for byte in bytes[(isHex ? 3 : 2)..<(bytes.count - 1)] {
        let digit: UInt32 =
          byte <= UInt8(ascii: "9") ? UInt32(byte - UInt8(ascii: "0")) : UInt32(byte | 0x20) - 87
        value = value &* (isHex ? 16 : 10) &+ digit
      }
      return (value == 0 ? nil : Unicode.Scalar(value)).map { ($0, nil) } ?? ("\u{FFFD}", nil)
    }
    let entity = bytes.withMemoryRebound(to: CChar.self) { entity_lookup($0.baseAddress, $0.count) }
    guard let entity else { return nil }
    let first = Unicode.Scalar(entity.pointee.codepoints.0) ?? "\u{FFFD}"
    let second = entity.pointee.codepoints.1
    return (first, second == 0 ? nil : Unicode.Scalar(second))
  }

  // MARK: - Translating md4c's callbacks

  private static func run<Sink: ~Copyable>(
    _ markdown: UnsafeBufferPointer<UInt8>, _ parser: inout MD_PARSER, _ sink: inout Sink
  ) -> Bool {
    // An empty document has no events; md4c is not asked about it.
    guard let base = markdown.baseAddress, !markdown.isEmpty else { return true }
    return withUnsafeMutablePointer(to: &sink) { sink in
      md_parse(characters(base), MD_SIZE(markdown.count), &parser, sink) == 0
    }
  }

  private static func characters(_ base: UnsafePointer<UInt8>) -> UnsafePointer<CChar> {
    UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
  }

  private static func events<Sink: ~Copyable>(_ userdata: UnsafeMutableRawPointer?, _: Sink.Type)
    -> UnsafeMutablePointer<Sink>
  {
    userdata.unsafelyUnwrapped.assumingMemoryBound(to: Sink.self)
  }

  private static func bytes(_ text: UnsafePointer<MD_CHAR>?, _ size: MD_SIZE)
    -> UnsafeBufferPointer<UInt8>
  {
    UnsafeBufferPointer(
      start: text.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) },
      count: Int(size))
  }

  /// The attribute, or nil when md4c says it is absent (a link without a title).
  private static func attribute(_ attribute: MD_ATTRIBUTE) -> MD4CAttribute? {
    guard attribute.text != nil else { return nil }
    return MD4CAttribute(
      text: UnsafeRawPointer(attribute.text).assumingMemoryBound(to: UInt8.self),
      count: Int(attribute.size), partKinds: UnsafeRawPointer(attribute.substr_types),
      partOffsets: attribute.substr_offsets)
  }

  private static func block(_ type: MD_BLOCKTYPE, _ detail: UnsafeMutableRawPointer?) -> MD4CBlock {
    switch type {
    case MD_BLOCK_DOC: return .document
    case MD_BLOCK_QUOTE: return .quote
    case MD_BLOCK_UL: return .unorderedList
    case MD_BLOCK_OL:
      return .orderedList(
        start: Int(detail!.assumingMemoryBound(to: MD_BLOCK_OL_DETAIL.self).pointee.start))
    case MD_BLOCK_LI:
      let item = detail!.assumingMemoryBound(to: MD_BLOCK_LI_DETAIL.self).pointee
      guard item.is_task != 0 else { return .item(task: nil) }
      return .item(task: item.task_mark != CChar(UInt8(ascii: " ")))
    case MD_BLOCK_HR: return .thematicBreak
    case MD_BLOCK_H:
      return .heading(
        level: Int(detail!.assumingMemoryBound(to: MD_BLOCK_H_DETAIL.self).pointee.level))
    case MD_BLOCK_CODE:
      let code = detail!.assumingMemoryBound(to: MD_BLOCK_CODE_DETAIL.self).pointee
      return .code(language: attribute(code.lang))
    case MD_BLOCK_HTML: return .html
    case MD_BLOCK_P: return .paragraph
    case MD_BLOCK_TABLE: return .table
    case MD_BLOCK_THEAD: return .tableHead
    case MD_BLOCK_TBODY: return .tableBody
    case MD_BLOCK_TR: return .tableRow
    case MD_BLOCK_TH: return .tableHeaderCell(alignment(detail))
    default: return .tableCell(alignment(detail))
    }
  }

  private static func alignment(_ detail: UnsafeMutableRawPointer?) -> MD4CBlock.Alignment {
    switch detail!.assumingMemoryBound(to: MD_BLOCK_TD_DETAIL.self).pointee.align {
    case MD_ALIGN_LEFT: .left
    case MD_ALIGN_CENTER: .center
    case MD_ALIGN_RIGHT: .right
    default: .none
    }
  }

  private static func span(_ type: MD_SPANTYPE, _ detail: UnsafeMutableRawPointer?) -> MD4CSpan {
    switch type {
    case MD_SPAN_EM: return .emphasis
    case MD_SPAN_STRONG: return .strong
    case MD_SPAN_A:
      let link = detail!.assumingMemoryBound(to: MD_SPAN_A_DETAIL.self).pointee
      return .link(destination: attribute(link.href) ?? .empty, title: attribute(link.title))
    case MD_SPAN_IMG:
      let image = detail!.assumingMemoryBound(to: MD_SPAN_IMG_DETAIL.self).pointee
      return .image(source: attribute(image.src) ?? .empty, title: attribute(image.title))
    case MD_SPAN_CODE: return .code
    case MD_SPAN_DEL: return .strikethrough
    // LaTeX math, wiki links and underline: their flags are never set.
    default: return .unsupported
    }
  }

  private static func textKind(_ type: MD_TEXTTYPE) -> MD4CTextKind {
    switch type {
    case MD_TEXT_NULLCHAR: .nullCharacter
    case MD_TEXT_BR: .lineBreak
    case MD_TEXT_SOFTBR: .softBreak
    case MD_TEXT_ENTITY: .entity
    case MD_TEXT_CODE: .code
    case MD_TEXT_HTML: .html
    default: .normal
    }
  }
}

extension MD4CAttribute {
  /// Calls `body` with each part of the attribute in order: plain text (`.normal`), an entity
  /// as written (`.entity`, e.g. `&amp;`), or a NUL character (`.nullCharacter`).
  func forEachPart(_ body: (MD4CTextKind, UnsafeBufferPointer<UInt8>) -> Void) {
    guard let text, let partKinds, let partOffsets else { return }
    let kinds = partKinds.assumingMemoryBound(to: MD_TEXTTYPE.self)
    var index = 0
    while Int(partOffsets[index]) < count {
      let start = Int(partOffsets[index])
      let end = Int(partOffsets[index + 1])
      let part = UnsafeBufferPointer(start: text + start, count: end - start)
      switch kinds[index] {
      case MD_TEXT_NULLCHAR: body(.nullCharacter, part)
      case MD_TEXT_ENTITY: body(.entity, part)
      default: body(.normal, part)
      }
      index += 1
    }
  }
}
