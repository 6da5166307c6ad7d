import RenderCore

/// Writes HTML from md4c's parser events into one growing buffer: md_html's output byte for
/// byte (same tags, newlines, escaping and URL encoding, entities decoded through md4c's own
/// table), with what md_html cannot do added.
///
/// Where it departs from md_html 0.4.8, on purpose:
/// - safe mode empties dangerous `href` and `src` values (``URLSafety``), as cmark does;
/// - hard line breaks (`<br>` for every line end in a paragraph) when asked;
/// - an image inside an image's description ends at its own end: md_html 0.4.8 closes the
///   outer `<img>` there and writes the rest of the description as visible text;
/// - a numeric reference to a surrogate (`&#xD800;`) becomes U+FFFD, where md_html writes
///   bytes that are not UTF-8.
struct MD4CHTMLWriter: ~Copyable {
  private var output: HTMLOutput
  private let checksURLs: Bool
  private let hardLineBreaks: Bool
  /// How many images the current text is inside: their descriptions are `alt` text.
  private var imageDepth = 0

  /// A writer for a render with `options` of `inputCount` bytes of Markdown.
  init(options: RenderOptions, inputCount: Int) {
    output = HTMLOutput(capacity: HTMLOutput.expectedCapacity(forInput: inputCount))
    checksURLs = !options.unsafe
    hardLineBreaks = options.hardLineBreaks
  }

  /// The HTML written, handed over without a copy.
  consuming func finish() -> HTMLBytes {
    output.take()
  }

  mutating func enterBlock(_ block: MD4CBlock) {
    switch block {
    case .document, .html: break
    case .quote: output.append("<blockquote>\n")
    case .unorderedList: output.append("<ul>\n")
    case .orderedList(let start):
      if start == 1 {
        output.append("<ol>\n")
      } else {
        output.append("<ol start=\"")
        output.append(decimal: start)
        output.append("\">\n")
      }
    case .item(let task):
      guard let checked = task else { return output.append("<li>") }
      output.append(
        "<li class=\"task-list-item\"><input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled"
      )
      if checked { output.append(" checked") }
      output.append(">")
    case .thematicBreak: output.append("<hr>\n")
    case .heading(let level):
      output.append("<h")
      output.append(byte: UInt8(ascii: "0") + UInt8(level))
      output.append(">")
    case .code(let language):
      output.append("<pre><code")
      if let language {
        output.append(" class=\"language-")
        appendEscaped(language)
        output.append("\"")
      }
      output.append(">")
    case .paragraph: output.append("<p>")
    case .table: output.append("<table>\n")
    case .tableHead: output.append("<thead>\n")
    case .tableBody: output.append("<tbody>\n")
    case .tableRow: output.append("<tr>\n")
    case .tableHeaderCell(let alignment):
      output.append("<th")
      appendAlignment(alignment)
    case .tableCell(let alignment):
      output.append("<td")
      appendAlignment(alignment)
    }
  }

  mutating func leaveBlock(_ block: MD4CBlock) {
    switch block {
    case .document, .html, .thematicBreak: break
    case .quote: output.append("</blockquote>\n")
    case .unorderedList: output.append("</ul>\n")
    case .orderedList: output.append("</ol>\n")
    case .item: output.append("</li>\n")
    case .heading(let level):
      output.append("</h")
      output.append(byte: UInt8(ascii: "0") + UInt8(level))
      output.append(">\n")
    case .code: output.append("</code></pre>\n")
    case .paragraph: output.append("</p>\n")
    case .table: output.append("</table>\n")
    case .tableHead: output.append("</thead>\n")
    case .tableBody: output.append("</tbody>\n")
    case .tableRow: output.append("</tr>\n")
    case .tableHeaderCell: output.append("</th>\n")
    case .tableCell: output.append("</td>\n")
    }
  }

  mutating func enterSpan(_ span: MD4CSpan) {
    if imageDepth > 0 {
      if case .image = span { imageDepth += 1 }
      return
    }
    switch span {
    case .emphasis: output.append("<em>")
    case .strong: output.append("<strong>")
    case .link(let destination, let title):
      output.append("<a href=\"")
      appendURL(destination)
      if let title {
        output.append("\" title=\"")
        appendEscaped(title)
      }
      output.append("\">")
    case .image(let source, _):
      output.append("<img src=\"")
      appendURL(source)
      output.append("\" alt=\"")
      imageDepth = 1
    case .code: output.append("<code>")
    case .strikethrough: output.append("<del>")
    case .unsupported: break
    }
  }

  mutating func leaveSpan(_ span: MD4CSpan) {
    if imageDepth > 0 {
      guard case .image(_, let title) = span else { return }
      imageDepth -= 1
      guard imageDepth == 0 else { return }
      if let title {
        output.append("\" title=\"")
        appendEscaped(title)
      }
      output.append("\">")
      return
    }
    switch span {
    case .emphasis: output.append("</em>")
    case .strong: output.append("</strong>")
    case .link: output.append("</a>")
    case .code: output.append("</code>")
    case .strikethrough: output.append("</del>")
    case .image, .unsupported: break
    }
  }

  mutating func text(_ kind: MD4CTextKind, _ text: UnsafeBufferPointer<UInt8>) {
    switch kind {
    case .normal, .code: appendEscaped(text)
    case .nullCharacter: output.append("\u{FFFD}")
    case .lineBreak: imageDepth == 0 ? output.append("<br>\n") : output.append(" ")
    case .softBreak:
      if imageDepth > 0 {
        output.append(" ")
      } else {
        hardLineBreaks ? output.append("<br>\n") : output.append("\n")
      }
    case .html: output.append(text)
    case .entity: appendEntity(text, urlEscaped: false)
    }
  }

  // MARK: - Escaping

  /// Appends `text` with `"`, `&`, `<` and `>` as character references, copying the runs between.
  ///
  /// Text is scanned eight bytes at a time (the usual bit trick for "some byte of this word
  /// equals b", once per special byte): every byte of text passes here, so a byte-by-byte
  /// loop would be the engine's largest cost (md_html looks each byte up in a table).
  private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
    guard let start = text.baseAddress else { return }
    let end = start + text.count
    var runStart = start
    var cursor = start
    while end - cursor >= 8 {
      let word = UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)
      let found = Self.specialBytes(in: word)
      guard found != 0 else {
        cursor += 8
        continue
      }
      // The lowest flag is exact (only bytes above a match can be flagged falsely); the
      // bytes are little-endian, so it is the first special byte in text order.
      let special = cursor + found.trailingZeroBitCount / 8
      output.append(runStart, count: special - runStart)
      appendReference(for: special.pointee)
      runStart = special + 1
      cursor = special + 1
    }
    while cursor < end {
      let byte = cursor.pointee
      if Self.isSpecial(byte) {
        output.append(runStart, count: cursor - runStart)
        appendReference(for: byte)
        runStart = cursor + 1
      }
      cursor += 1
    }
    output.append(runStart, count: end - runStart)
  }

  /// A word with the high bit set in each byte of `word` that may be `"`, `&`, `<` or `>`;
  /// zero when none is, and the lowest flagged byte always is one.
  @inline(__always)
  private static func specialBytes(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    // `"` 0x22, `&` 0x26, `<` 0x3C, `>` 0x3E.
    return zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x26))
      | zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x3E))
  }

  @inline(__always)
  private static func isSpecial(_ byte: UInt8) -> Bool {
    // The four bytes as bits of one word: one compare for the common byte (a letter, at or
    // above 64), a shift for the rest.
    let special: UInt64 = 1 << 34 | 1 << 38 | 1 << 60 | 1 << 62
    return byte < 64 && (special >> UInt64(byte)) & 1 != 0
  }

  @inline(__always)
  private mutating func appendReference(for byte: UInt8) {
    switch byte {
    case UInt8(ascii: "&"): output.append("&amp;")
    case UInt8(ascii: "<"): output.append("&lt;")
    case UInt8(ascii: ">"): output.append("&gt;")
    default: output.append("&quot;")
    }
  }

  /// Appends an attribute's text HTML-escaped, entities decoded.
  private mutating func appendEscaped(_ attribute: MD4CAttribute) {
    attribute.forEachPart { kind, part in
      switch kind {
      case .entity: appendEntity(part, urlEscaped: false)
      case .nullCharacter: output.append("\u{FFFD}")
      default: appendEscaped(part)
      }
    }
  }

  /// Appends a link destination or image source as md_html writes it (percent-encoded, `&` as
  /// `&amp;`), or nothing in safe mode when a browser would run or open it dangerously.
  private mutating func appendURL(_ url: MD4CAttribute) {
    if checksURLs, URLSafety.isDangerous(url.decodedText) { return }
    url.forEachPart { kind, part in
      switch kind {
      case .entity: appendEntity(part, urlEscaped: true)
      case .nullCharacter: output.append("\u{FFFD}")
      default: appendURLEscaped(part)
      }
    }
  }

  private mutating func appendURLEscaped(_ text: UnsafeBufferPointer<UInt8>) {
    guard let start = text.baseAddress else { return }
    var runStart = 0
    for index in 0..<text.count {
      let byte = start[index]
      guard MD4CURLEscaping.needsEscape(byte) else { continue }
      output.append(start + runStart, count: index - runStart)
      if byte == UInt8(ascii: "&") {
        output.append("&amp;")
      } else {
        output.append(byte: UInt8(ascii: "%"))
        output.append(byte: MD4CURLEscaping.hexDigit(byte >> 4))
        output.append(byte: MD4CURLEscaping.hexDigit(byte & 0xF))
      }
      runStart = index + 1
    }
    output.append(start + runStart, count: text.count - runStart)
  }

  /// Appends an entity's characters (escaped for a URL or for HTML), or the entity as written
  /// when md4c's table does not know it.
  private mutating func appendEntity(_ entity: UnsafeBufferPointer<UInt8>, urlEscaped: Bool) {
    guard let (first, second) = MD4CParser.entityScalars(entity) else {
      return urlEscaped ? appendURLEscaped(entity) : appendEscaped(entity)
    }
    for scalar in [first, second] {
      guard let scalar else { continue }
      var encoded = String(scalar)
      encoded.withUTF8 { urlEscaped ? appendURLEscaped($0) : appendEscaped($0) }
    }
  }

  private mutating func appendAlignment(_ alignment: MD4CBlock.Alignment) {
    switch alignment {
    case .none: output.append(">")
    case .left: output.append(" align=\"left\">")
    case .center: output.append(" align=\"center\">")
    case .right: output.append(" align=\"right\">")
    }
  }
}
