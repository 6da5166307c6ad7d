import Testing

@testable import RenderCore

/// The builder takes an engine's literals as bytes: it stores well-formed UTF-8 as it is and
/// repairs anything else, so that a document's text is valid whatever an engine hands over.
@Suite struct MarkdownDocumentBuilderTests {
  /// A lone continuation byte, a truncated sequence, an overlong form and a surrogate.
  static let illFormed: [UInt8] =
    Array("a".utf8) + [0x80] + Array("b".utf8) + [0xE2, 0x82]
    + Array("c".utf8) + [0xC0, 0xAF] + [0xED, 0xA0, 0x80] + Array("é".utf8)
  static let repaired = String(decoding: illFormed, as: UTF8.self)

  private func build(_ body: (inout MarkdownDocumentBuilder) -> Void) throws -> Document {
    var builder = MarkdownDocumentBuilder(options: RenderOptions())
    body(&builder)
    return try builder.finish { () throws(RenderError) in Document() }
  }

  private func html(_ body: (inout MarkdownDocumentBuilder) -> Void) throws -> String {
    HTMLSerializer.fragment(of: try build(body), layout: .cmark)
  }

  /// Every text of the document, and every attribute value, decoded: a repair would show as
  /// U+FFFD, bytes stored unchecked as a difference from what decoding them gives.
  private func allText(_ document: Document) -> [String] {
    var texts: [String] = []
    for id in document.nodes.indices {
      texts.append(document.text(of: id))
      texts += document.attributes(of: id).map(\.value)
    }
    return texts
  }

  private func isStoredValid(_ document: Document) -> Bool {
    document.bytes.withUnsafeBufferPointer(MarkdownInput.isWellFormedUTF8)
  }

  @Test func illFormedTextIsRepairedEverywhereItCanArrive() throws {
    #expect(Self.repaired.contains("\u{FFFD}"))
    try Self.illFormed.withUnsafeBufferPointer { bytes in
      let document = try build { builder in
        builder.enter(.paragraph)
        builder.text(bytes)
        builder.code(bytes)
        builder.enterLink(destination: bytes, title: bytes)
        builder.text(bytes)
        builder.exit()
        builder.enterImage(source: bytes, title: bytes)
        builder.text(bytes)
        builder.exit()
        builder.exit()
        builder.codeBlock(info: bytes, text: bytes)
      }
      let isValid = isStoredValid(document)
      #expect(isValid)
      let texts = allText(document)
      // The paragraph's text, the code span's, the link's text and title, the image's alt
      // text and title, the code block's text.
      #expect(texts.filter { $0 == Self.repaired }.count == 7, "\(texts)")
    }
  }

  @Test func wellFormedTextIsStoredAsItCame() throws {
    let text = "ascii, café, 日本語, 🙂, and a \r and a \0"
    var bytes = Array(text.utf8)
    let document = try bytes.withUnsafeMutableBufferPointer { bytes in
      try build { builder in
        builder.enter(.paragraph)
        builder.text(UnsafeBufferPointer(bytes))
        builder.exit()
      }
    }
    #expect(document.textContent(of: document.root) == text + "\n")
  }

  @Test func textInPiecesIsOneNode() throws {
    let document = try build { builder in
      builder.enter(.paragraph)
      builder.text("one ")
      builder.text("two")
      builder.exit()
    }
    let paragraph = try #require(document.nodes.firstIndex { $0.name == "p" })
    #expect(document.children(of: paragraph).count == 1)
    #expect(document.text(of: document.children(of: paragraph)[0]) == "one two")
  }

  /// md4c hands a code block's text line by line: the pieces make one text, and the info
  /// string's first word the class, as a code block given whole.
  @Test func aCodeBlockInPiecesIsTheCodeBlockWhole() throws {
    let info: StaticString = "swift  extra words"
    let pieces: [StaticString] = ["let a = 1", "\n", "print(a)", "\n"]
    let whole: StaticString = "let a = 1\nprint(a)\n"
    let inPieces = try html { builder in
      info.withUTF8Buffer { builder.enterCodeBlock(info: $0) }
      for piece in pieces { builder.text(piece) }
      builder.exit()
    }
    let given = try html { builder in
      info.withUTF8Buffer { info in
        whole.withUTF8Buffer { builder.codeBlock(info: info, text: $0) }
      }
    }
    #expect(inPieces == given)
    #expect(given == "<pre><code class=\"language-swift\">let a = 1\nprint(a)\n</code></pre>\n")
  }

  /// The layout is read by name number: cmark's puts blocks and containers' tags on lines of
  /// their own, as cmark's renderer does.
  @Test func cmarkLayoutBreaksLinesAroundBlocks() throws {
    let html = try html { builder in
      builder.enter(.blockQuote)
      builder.enter(.list(ordered: true, start: 3, tight: true))
      builder.enter(.item)
      builder.enter(.paragraph)
      builder.text("x")
      builder.exit()
      builder.exit()
      builder.exit()
      builder.exit()
      builder.thematicBreak()
      builder.enter(.element(.table))
      builder.enter(.element(.tr))
      builder.enter(.element(.td, attributes: [.init(.align, "left")]))
      builder.text("y")
      builder.exit()
      builder.exit()
      builder.exit()
    }
    #expect(
      html
        == "<blockquote>\n<ol start=\"3\">\n<li>x</li>\n</ol>\n</blockquote>\n<hr />\n"
        + "<table>\n<tr>\n<td align=\"left\">y</td>\n</tr>\n</table>\n")
  }

  @Test func nameSetsHoldWhatTheyWereGiven() {
    let set: DocumentNameSet = [.p, .td]
    #expect(set.contains(.p) && set.contains(.td))
    #expect(!set.contains(.li) && !set.contains(.text))
    let far = DocumentName(rawValue: 1_000)
    var grown = set
    grown.insert(far)
    #expect(grown.contains(far) && grown.contains(.p) && !set.contains(far))
    #expect(set.union([.li]).contains(.li) && set.union(grown).contains(far))
  }
}
