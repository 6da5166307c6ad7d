/// Builds the ``Document`` an engine's HTML describes straight from the engine's node tree or
/// parser events, without writing or parsing HTML: the hub every engine with a tree feeds.
///
/// The result holds the elements, attributes and text that importing the engine's HTML gives
/// (`html` and `body` included), so styled text is the same on either path. The builder applies
/// what the engine's renderer applies: the one URL rule (``URLSafety``) in safe mode, the
/// engine's URL escaping, `language-` classes on code blocks, images' alt text as plain text,
/// no paragraphs inside tight list items, and the line breaks between tags (``HTMLLayout``), so
/// that the document serialised is the engine's HTML byte for byte.
///
/// It works in bytes and name numbers: literals arrive as UTF-8 in the engine's memory and go
/// into ``Document``'s buffer after one check, a word of ASCII at a time, that they are
/// well-formed (``MarkdownInput/isWellFormedUTF8(_:)``); elements are ``DocumentName``s. Engines
/// parse prepared, valid input and cut literals at ASCII markup, so the check passes on what
/// they give; it is there so that no engine's bug can put ill-formed UTF-8 in a document, whose
/// text every output reads as valid.
///
/// Raw HTML is the one thing only HTML can say: in safe mode it is omitted (as the renderer
/// omits it). Through GitHub's allowlist (``RenderOptions/allowsHTML``) its tags are read as a
/// browser's tokenizer reads them and become nodes as they arrive, the policy applied to each
/// (``SanitizerPolicy/gitHub``): an element opened in one piece of raw HTML holds the Markdown
/// that follows until a later piece closes it (`<details>` around paragraphs), and closes at the
/// latest with the Markdown element it opened in. No HTML is written or parsed whole, and only
/// raw HTML's own nodes meet the allowlist, so every feature's markup stays. With
/// ``RenderOptions/unsafe`` (trusted input, no allowlist) ``finish(importing:)`` imports the
/// engine's HTML instead.
///
/// ```swift
/// var builder = MarkdownDocumentBuilder(options: options)
/// builder.enter(.heading(level: 1))
/// builder.text("Hello")
/// builder.exit()
/// let document = try builder.finish { try importer.importDocument(fragment: html()) }
/// ```
package struct MarkdownDocumentBuilder {
  private enum Frame {
    case element
    case transparent
    /// A code block's `pre` and `code`, closed together.
    case codeBlock
    /// An image, its `src` final (the URL rule and escaping applied) and its title; a nested
    /// image's are empty.
    case image(source: String, title: String)
  }

  private var document = Document()
  private var parents: [Document.NodeID]
  private var frames: [Frame] = []
  private var tightLists: [Bool] = []
  private var imageDepth = 0
  /// The alt text of the image being read: its text, each piece repaired as it came.
  private var altText: [UInt8] = []
  private var needsImport = false
  /// The positions in `parents` of the elements raw HTML opened.
  private var rawOpen: [Int] = []
  /// The element raw HTML removes with its content, while its content is being skipped:
  /// its name, how many of that name are open, and whether its content is raw text (read up to
  /// its end tag, tags and all).
  /// `parents` is how deep it opened: it ends at the latest with the Markdown element there.
  private var skipped: (name: String, depth: Int, isRawText: Bool, parents: Int)?
  private let options: RenderOptions
  private let urlEscaping: URLEscaping
  private let layout: HTMLLayout
  /// Whether the engine's HTML, written up to here, ends with a newline (or is empty): where
  /// its renderer's `cr()` writes nothing.
  private var atLineStart = true

  /// Starts an empty document for a render with `options`; `urlEscaping` is how the engine's
  /// renderer writes URLs and `layout` where it breaks lines. `markdownLength` (in UTF-8 bytes)
  /// sizes the node table and the text buffer up front, so that they are not copied as they
  /// grow.
  package init(
    options: RenderOptions, urlEscaping: URLEscaping = .commonMark,
    layout: HTMLLayout = .cmark, markdownLength: Int = 0
  ) {
    self.options = options
    self.urlEscaping = urlEscaping
    self.layout = layout
    // Real Markdown has about one node per 20 bytes, and less text than markup and text
    // together; memory reserved and never touched costs nothing.
    document.reserveCapacity(markdownLength / 16 + 3)
    document.reserveBytes(markdownLength)
    let html = document.appendElement(.html, to: document.root)
    parents = [document.appendElement(.body, to: html)]
  }

  /// Opens `node`; everything until the matching ``exit()`` goes inside it.
  package mutating func enter(_ node: MarkdownNode) {
    if opensNothing() { return }
    switch node {
    case .blockQuote: open(.blockquote)
    case .list(let ordered, let start, let tight):
      tightLists.append(tight)
      guard ordered else { return open(.ul) }
      let list = startTag(.ol)
      if start != 1 { document.appendAttribute(.start, value: String(start).utf8, to: list) }
      endStartTag(.ol)
    case .item: open(.li)
    case .paragraph:
      if tightLists.last == true, document.nameID(of: parent) == .li {
        frames.append(.transparent)
      } else {
        open(.p)
      }
    case .heading(let level): open(Self.headingNames[min(max(level, 1), 6) - 1])
    case .emphasis: open(.em)
    case .strong: open(.strong)
    case .strikethrough: open(.del)
    case .element(let name, let attributes):
      let element = startTag(name)
      for attribute in attributes {
        document.appendAttribute(attribute.name, value: attribute.value.utf8, to: element)
      }
      endStartTag(name)
    }
  }

  /// Opens a link, `<a href title>`: `destination` as the Markdown gave it (the builder applies
  /// the URL rule and the engine's escaping), `title` empty when there is none; both UTF-8.
  package mutating func enterLink(
    destination: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>
  ) {
    if opensNothing() { return }
    let link = startTag(.a)
    document.appendAttribute(.href, value: url(destination).utf8, to: link)
    if !title.isEmpty { document.appendAttribute(.title, repairing: title, to: link) }
    endStartTag(.a)
  }

  /// Opens an image, `<img src alt title>`, as ``enterLink(destination:title:)`` opens a link:
  /// its alt text is the plain text of what comes before its ``exit()``.
  package mutating func enterImage(
    source: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>
  ) {
    if opensNothing(isImage: true) { return }
    imageDepth = 1
    altText.removeAll(keepingCapacity: true)
    frames.append(.image(source: url(source), title: String(decoding: title, as: UTF8.self)))
  }

  /// Opens a code block, `<pre><code>`: `info` is the info string, whose first word becomes
  /// the `language-` class. Its text follows (``text(_:)``, in one piece or several) until
  /// ``exit()``.
  package mutating func enterCodeBlock(info: UnsafeBufferPointer<UInt8>) {
    if opensNothing() { return }
    _ = startTag(.pre)
    frames[frames.count - 1] = .codeBlock
    endStartTag(.pre)
    let code = document.appendElement(.code, to: parent)
    let language = info.prefix {
      $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n")
    }
    if !language.isEmpty {
      var value = Array("language-".utf8)
      value.append(contentsOf: language)
      value.withUnsafeBufferPointer { document.appendAttribute(.class, repairing: $0, to: code) }
    }
    parents.append(code)
  }

  /// Adds a code block (``enterCodeBlock(info:)``, its text, ``exit()``).
  package mutating func codeBlock(
    info: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>
  ) {
    enterCodeBlock(info: info)
    self.text(text)
    exit()
  }

  /// Closes the node opened last; with none open, does nothing: an engine's unbalanced
  /// callbacks (md4c on input `make fuzz` found, Tests/Fixtures/Fuzz) give a repaired
  /// document, never a crash.
  package mutating func exit() {
    guard let frame = frames.popLast() else { return }
    switch frame {
    case .element:
      close()
    case .codeBlock:
      // `code` closes with its `pre`; raw HTML cannot open inside it.
      parents.removeLast()
      close()
    case .transparent:
      break
    case .image(let source, let title):
      imageDepth -= 1
      guard imageDepth == 0 else { return }
      let image = document.appendElement(.img, to: parent)
      document.appendAttribute(.src, value: source.utf8, to: image)
      document.appendAttribute(.alt, value: altText, to: image)
      if !title.isEmpty { document.appendAttribute(.title, value: title.utf8, to: image) }
      atLineStart = false
    }
  }

  /// Adds literal text (already unescaped by the engine), UTF-8.
  package mutating func text(_ text: UnsafeBufferPointer<UInt8>) {
    if skipped != nil { return }
    if imageDepth > 0 {
      appendAltText(text)
    } else {
      appendText(text)
    }
  }

  /// Adds literal text the engine writes itself (a space, U+FFFD).
  package mutating func text(_ text: StaticString) {
    text.withUTF8Buffer { self.text($0) }
  }

  /// Adds an inline code span, UTF-8.
  package mutating func code(_ text: UnsafeBufferPointer<UInt8>) {
    if skipped != nil { return }
    if imageDepth > 0 { return appendAltText(text) }
    let code = document.appendElement(.code, to: parent)
    document.appendText(repairing: text, to: code)
    atLineStart = false
  }

  /// Adds a line break inside a paragraph: a newline, or `<br>` with
  /// ``RenderOptions/hardLineBreaks``.
  package mutating func softBreak() {
    if skipped != nil { return }
    if options.hardLineBreaks { return lineBreak() }
    if imageDepth > 0 { return altText.append(UInt8(ascii: " ")) }
    appendNewline()
  }

  /// Adds a hard line break, `<br>`.
  package mutating func lineBreak() {
    if skipped != nil { return }
    if imageDepth > 0 { return altText.append(UInt8(ascii: " ")) }
    document.appendElement(.br, to: parent)
    appendNewline()
  }

  /// Adds a thematic break, `<hr>`.
  package mutating func thematicBreak() {
    if skipped != nil { return }
    if layout.linesBeforeStart.contains(.hr) { startLine() }
    document.appendElement(.hr, to: parent)
    atLineStart = false
    if layout.breaksAfterEnd.contains(.hr) { appendNewline() }
  }

  /// Adds raw HTML (UTF-8), a block or inline: omitted in safe mode, through the allowlist
  /// with ``RenderOptions/allowsHTML``; with ``RenderOptions/unsafe`` it makes
  /// ``finish(importing:)`` import the engine's HTML. Inside an image's alt text it is text.
  package mutating func html(_ html: UnsafeBufferPointer<UInt8>, isBlock: Bool) {
    if imageDepth > 0 { return appendAltText(html) }
    if options.allowsHTML {
      if isBlock { startLine() }
      allowed(html)
      return
    }
    if options.unsafe { needsImport = true }
    // Where the renderer writes its "raw HTML omitted" comment, the document keeps the line
    // breaks around it: a block's comment has a line of its own.
    if isBlock && layout.omittedBlocksKeepLines { startLine() }
    atLineStart = false
    if isBlock && layout.omittedBlocksKeepLines { startLine() }
  }

  /// The document; `importing` gives the document imported from the engine's HTML, called only
  /// when raw HTML passed (see the type's notes).
  package func finish(
    importing: () throws(RenderError) -> Document
  ) throws(RenderError) -> Document {
    needsImport ? try importing() : document
  }

  private static let policy = SanitizerPolicy.gitHub

  /// Reads raw HTML as a browser's tokenizer does and adds what the allowlist keeps: allowed
  /// elements with their allowed attributes, the text of the others, nothing of those removed
  /// with their content, no comments, declarations or processing instructions.
  private mutating func allowed(_ bytes: UnsafeBufferPointer<UInt8>) {
    var reader = TagReader(bytes: bytes)
    var index = 0
    var textStart = 0
    while index < bytes.count {
      if let skipped, skipped.isRawText {
        guard let end = Self.endOfRawText(skipped.name, in: bytes, from: index) else { return }
        self.skipped = nil
        index = end
        textStart = index
        continue
      }
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if let end = Self.endOfMarkup(in: bytes, at: index) {
        allowedText(bytes, textStart..<index)
        index = end
        textStart = end
        continue
      }
      guard let tag = reader.tag(at: index) else {
        index += 1
        continue
      }
      allowedText(bytes, textStart..<index)
      let name = String(decoding: bytes[tag.nameRange], as: UTF8.self).lowercased()
      if tag.isEnd {
        closeRaw(name)
      } else {
        openRaw(name, reader.attributes, in: bytes)
      }
      index = tag.end
      textStart = index
    }
    allowedText(bytes, textStart..<bytes.count)
  }

  private mutating func allowedText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    guard skipped == nil, !range.isEmpty else { return }
    var text = CharacterReference.decodeText(String(decoding: bytes[range], as: UTF8.self))
    text.withUTF8 { appendText($0) }
  }

  private mutating func openRaw(
    _ name: String, _ read: [TagReader.Attribute], in bytes: UnsafeBufferPointer<UInt8>
  ) {
    let isVoid = HTMLElements.void.contains(name)
    if let skipped {
      if skipped.name == name && !isVoid { self.skipped?.depth += 1 }
      return
    }
    switch Self.policy.treatment(of: name) {
    case .unwrap: return
    case .drop:
      guard !isVoid else { return }
      let isRawText =
        HTMLElements.rawText.contains(name) || HTMLElements.escapableRawText.contains(name)
      skipped = (name, 1, isRawText, parents.count)
    case .keep:
      var attributes: [DocumentNode.Attribute] = []
      for attribute in read {
        let key = String(decoding: bytes[attribute.nameRange], as: UTF8.self).lowercased()
        // The first of a name wins, as in a browser.
        guard !attributes.contains(where: { $0.name == key }) else { continue }
        let value = CharacterReference.decodeText(
          String(decoding: bytes[attribute.value], as: UTF8.self))
        guard Self.policy.keepsAttribute(key, value: value, of: name) else { continue }
        attributes.append(DocumentNode.Attribute(lowercasedName: key, value: value))
      }
      let element = document.appendElement(
        lowercasedName: name, attributes: attributes, to: parent)
      atLineStart = false
      guard !isVoid else { return }
      rawOpen.append(parents.count)
      parents.append(element)
    }
  }

  /// Closes the innermost element `name` raw HTML opened, with the raw elements inside it, when
  /// no Markdown element opened inside it is still open; otherwise the end tag is ignored.
  private mutating func closeRaw(_ name: String) {
    if let skipped {
      guard skipped.name == name else { return }
      self.skipped?.depth -= 1
      if skipped.depth == 1 { self.skipped = nil }
      return
    }
    guard let position = rawOpen.lastIndex(where: { document.name(of: parents[$0]) == name }),
      rawOpen.count - position == parents.count - rawOpen[position]
    else { return }
    parents.removeSubrange(rawOpen[position]...)
    rawOpen.removeSubrange(position...)
  }

  /// Where the raw text of `name` ends: just past its end tag; nil when `bytes` do not hold it.
  private static func endOfRawText(
    _ name: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    let name = Array(name.utf8)
    var index = start
    while index + name.count + 2 <= bytes.count {
      if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"),
        zip(name, bytes[(index + 2)...]).allSatisfy({ $0 == ($1 | 0x20) })
      {
        var end = index + 2 + name.count
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        return min(end + 1, bytes.count)
      }
      index += 1
    }
    return nil
  }

  /// Just past the comment, declaration, CDATA section or processing instruction whose `<`
  /// is at `start` (the end of `bytes` when it does not close); nil for anything else.
  private static func endOfMarkup(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
    guard start + 1 < bytes.count else { return nil }
    let next = bytes[start + 1]
    guard next == UInt8(ascii: "!") || next == UInt8(ascii: "?") else { return nil }
    let isComment =
      start + 3 < bytes.count && bytes[start + 2] == UInt8(ascii: "-")
      && bytes[start + 3] == UInt8(ascii: "-")
    var index = start + (isComment ? 4 : 2)
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: ">"),
        !isComment
          || (index >= start + 6 && bytes[index - 1] == UInt8(ascii: "-")
            && bytes[index - 2] == UInt8(ascii: "-"))
      {
        return index + 1
      }
      // `<!-->` and `<!--->` end at once, as a browser reads them.
      if isComment, bytes[index] == UInt8(ascii: ">"), index <= start + 5 { return index + 1 }
      index += 1
    }
    return bytes.count
  }

  private static let headingNames: [DocumentName] = [.h1, .h2, .h3, .h4, .h5, .h6]

  private var parent: Document.NodeID { parents[parents.count - 1] }

  /// Inside content raw HTML removes, or inside an image (where only text counts: its alt
  /// text, a nested image's included), a node adds nothing of its own: pushes the frame its
  /// ``exit()`` pops and returns true.
  private mutating func opensNothing(isImage: Bool = false) -> Bool {
    if skipped != nil {
      frames.append(.transparent)
      return true
    }
    guard imageDepth > 0 else { return false }
    if isImage {
      imageDepth += 1
      frames.append(.image(source: "", title: ""))
    } else {
      frames.append(.transparent)
    }
    return true
  }

  private mutating func open(_ name: DocumentName) {
    _ = startTag(name)
    endStartTag(name)
  }

  /// Appends the element `name` and opens it; its attributes may follow, then
  /// ``endStartTag(_:)``.
  private mutating func startTag(_ name: DocumentName) -> Document.NodeID {
    if layout.linesBeforeStart.contains(name) { startLine() }
    let element = document.appendElement(name, to: parent)
    parents.append(element)
    frames.append(.element)
    return element
  }

  private mutating func endStartTag(_ name: DocumentName) {
    atLineStart = false
    if layout.breaksAfterStart.contains(name) { appendNewline() }
  }

  /// Closes the element opened last, with the raw HTML left open inside it.
  private mutating func close() {
    // Raw HTML left open inside the element closes with it, and so does removed content.
    if let skipped, skipped.parents >= parents.count { self.skipped = nil }
    while let last = rawOpen.last, last == parents.count - 1 {
      parents.removeLast()
      rawOpen.removeLast()
    }
    guard parents.count > 1 else { return }
    let name = document.nameID(of: parent)
    if layout.linesBeforeEnd.contains(name) { startLine() }
    parents.removeLast()
    if name == .ul || name == .ol { _ = tightLists.popLast() }
    atLineStart = false
    if layout.breaksAfterEnd.contains(name) { appendNewline() }
  }

  /// Appends text from the engine, checked once (``Document/appendText(repairing:to:)``).
  private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
    guard let last = text.last else { return }
    document.appendText(repairing: text, to: parent)
    atLineStart = last == UInt8(ascii: "\n")
  }

  /// Appends a piece of an image's alt text, repaired on its own as text is.
  private mutating func appendAltText(_ text: UnsafeBufferPointer<UInt8>) {
    if MarkdownInput.isWellFormedUTF8(text) {
      altText.append(contentsOf: text)
    } else {
      altText.append(contentsOf: String(decoding: text, as: UTF8.self).utf8)
    }
  }

  private mutating func appendNewline() {
    Self.newline.withUTF8Buffer { document.appendText(utf8: $0, to: parent) }
    atLineStart = true
  }

  private static let newline: StaticString = "\n"

  /// A newline unless the HTML written so far ends with one.
  private mutating func startLine() {
    if !atLineStart { appendNewline() }
  }

  /// `destination` as the engine's renderer writes it: empty when dangerous (in safe mode),
  /// else escaped. A `String` per link or image: they are few beside text.
  private func url(_ destination: UnsafeBufferPointer<UInt8>) -> String {
    let destination = String(decoding: destination, as: UTF8.self)
    if !options.unsafe && URLSafety.isDangerous(destination) { return "" }
    return urlEscaping.escape(destination)
  }
}
