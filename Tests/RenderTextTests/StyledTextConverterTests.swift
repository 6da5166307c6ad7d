import Foundation
import RenderCore
import RenderText
import Testing

@Suite("StyledText converters")
struct StyledTextConverterTests {
  static let sample = TestMarkup.styledText(
    """
    <h1>Title</h1>
    <p>Some <b>bold</b> and <a href="https://example.com/a b">a link</a>.<br>Next line.</p>
    <ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>
    <blockquote><p>quoted</p></blockquote>
    <table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>
    <hr>
    <p>x<sup>2</sup> <img src="i.png" alt="pic"> <mark>hi</mark> <del>no</del></p>
    """)

  @Test("plain text: blank lines between blocks, none inside lists and tables, indented levels")
  func plainText() {
    #expect(
      Self.sample.plainText == """
        Title

        Some bold and a link.
        Next line.

        • one
        • two
          ◦ nested

          quoted

        k\tv
        a\t1

        ───

        x2 pic hi no
        """)
  }

  @Test(
    "plain text of long lines: breaks, indents and brackets at every offset",
    arguments: 0..<16)
  func longLines(offset: Int) {
    // Scalars of two, three and four bytes, and U+2014, which starts as U+2028 does.
    let lines = [
      String(repeating: "x", count: offset + 1) + " Привет, мир: 日本語 and 😀 all together",
      "a second line \u{2014} with a dash and more words after it",
      "третья строка",
    ]
    let document = TestMarkup.document(
      "<ul><li>\(lines.joined(separator: "<br>"))<sup><a href=\"#fn-1\">1</a></sup> and on</li></ul>"
    )
    let styles = TestCascade.styles(for: document)
    let expected = "• " + lines.joined(separator: "\n  ") + "[1] and on"
    #expect(StyledText(document: document, styles: styles).plainText == expected)
    #expect(StyledText.plainTextUTF8(of: document, styles: styles) == Array(expected.utf8))
  }

  @Test("plain text of text without blocks is the string with line separators as newlines")
  func plainTextWithoutBlocks() {
    #expect(StyledText(string: "a\u{2028}b").plainText == "a\nb")
  }

  @Test("AttributedString: same characters, run attributes and paragraph attributes")
  func attributedString() {
    let attributed = AttributedString(Self.sample)
    #expect(String(attributed.characters) == Self.sample.string)
    let bold = attributed.runs.first { String(attributed[$0.range].characters) == "bold" }
    #expect(bold?.fontWeight == 700)
    #expect(bold?.fontSize == 16)
    #expect(bold?.blockKind == .paragraph)
    let link = attributed.runs.first { String(attributed[$0.range].characters) == "a link" }
    #expect(link?.linkTarget == "https://example.com/a b")
    #expect(link?.underline == true)
    #expect(link?.textColor == "#0000ee")
    #expect(link?.link == nil || link?.link?.absoluteString.contains("example.com") == true)
    let title = attributed.runs.first { String(attributed[$0.range].characters) == "Title\n" }
    #expect(title?.headingLevel == 1)
    #expect(title?.blockKind == .heading)
    #expect(title?.fontSize == 32)
    let image = attributed.runs.first { String(attributed[$0.range].characters) == "pic" }
    #expect(image?.imageSource == "i.png")
    #expect(image?.imageURL == URL(string: "i.png"))
    let superscript = attributed.runs.first { String(attributed[$0.range].characters) == "2" }
    #expect(superscript?.baselineShift == 16.0 / 3)
    let marked = attributed.runs.first { String(attributed[$0.range].characters) == "hi" }
    #expect(marked?.textBackgroundColor == "#ffff00")
    let deleted = attributed.runs.first { String(attributed[$0.range].characters) == "no" }
    #expect(deleted?.strikethrough == true)
    #expect(deleted?.italic == nil)
  }

  @Test("AttributedString paragraphs: kind, indent level, indent, spacing on every character")
  func attributedParagraphs() {
    let attributed = AttributedString(Self.sample)
    let nested = attributed.runs.first {
      String(attributed[$0.range].characters).contains("nested")
    }
    #expect(nested?.blockKind == .listItem)
    #expect(nested?.indentLevel == 2)
    #expect(nested?.indent == 80)
    let quoted = attributed.runs.first {
      String(attributed[$0.range].characters).contains("quoted")
    }
    #expect(quoted?.blockKind == .quote)
    #expect(quoted?.indent == 40)
    let row = attributed.runs.first { String(attributed[$0.range].characters).hasPrefix("k") }
    #expect(row?.blockKind == .tableRow)
    #expect(row?.textAlignment == .start)
    let paragraphs = attributed.runs.filter { $0.blockKind == nil }
    #expect(paragraphs.isEmpty)
  }

  @Test("JSON parses back: text, runs and blocks as the value holds them")
  func jsonShape() throws {
    let data = Self.sample.jsonData()
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["text", "runs", "blocks"])
    #expect(object["text"] as? String == Self.sample.string)
    let runs = try #require(object["runs"] as? [[String: Any]])
    #expect(runs.count == Self.sample.indexedRuns.count)
    for (json, run) in zip(runs, Self.sample.runs) {
      #expect(json["start"] as? Int == run.range.lowerBound)
      #expect(json["length"] as? Int == run.range.count)
      let attributes = try #require(json["attributes"] as? [String: Any])
      #expect(attributes["fontSize"] as? Double == run.style.fontSize)
      #expect(attributes["fontWeight"] as? Int == run.style.fontWeight)
      #expect(attributes["link"] as? String == run.style.link)
      #expect(attributes["italic"] == nil || run.style.italic)
      #expect((attributes["underline"] as? Bool ?? false) == run.style.underline)
      #expect(attributes["headingLevel"] as? Int == run.style.headingLevel)
      #expect(attributes["foregroundColor"] as? String == run.style.foregroundColor?.hex)
      #expect(
        abs((attributes["baselineOffset"] as? Double ?? 0) - run.style.baselineOffset) < 0.001)
    }
    let blocks = try #require(object["blocks"] as? [[String: Any]])
    #expect(blocks.count == Self.sample.blocks.count)
    for (json, block) in zip(blocks, Self.sample.blocks) {
      #expect(json["start"] as? Int == block.range.lowerBound)
      #expect(json["length"] as? Int == block.range.count)
      #expect(json["kind"] as? String == block.kind.rawValue)
      #expect(json["indentLevel"] as? Int == block.indentLevel)
      #expect(json["alignment"] as? String == block.alignment.rawValue)
      #expect(abs((json["spacingBefore"] as? Double ?? .nan) - block.spacingBefore) < 0.001)
      #expect(abs((json["spacingAfter"] as? Double ?? .nan) - block.spacingAfter) < 0.001)
    }
  }

  @Test("JSON escapes quotes, backslashes, control characters and U+2028/U+2029")
  func jsonEscaping() throws {
    let text = "q\"b\\c\u{1}t\tn\u{2028}p\u{2029}é😀"
    let styled = StyledText(string: text, runs: [.init(range: 0..<14, style: TextStyle())])
    let json = String(decoding: styled.jsonData(), as: UTF8.self)
    #expect(json.contains(#""text":"q\"b\\c\u0001t\tn\u2028p\u2029é😀"}"#))
    let object = try JSONSerialization.jsonObject(with: styled.jsonData()) as? [String: Any]
    #expect(object?["text"] as? String == text)
  }

  @Test("JSON escapes what long text holds, at every offset", arguments: 0..<16)
  func jsonEscapingLongText(offset: Int) throws {
    let text =
      String(repeating: "x", count: offset + 1)
      + " plain words, then \"quoted\" and back\\slashed, Кириллица and 日本語,"
      + " a tab\there, a line\u{2028}separator, a paragraph\u{2029}separator \u{2014} and\u{1}so on"
    let styled = StyledText(
      string: text, runs: [.init(range: 0..<text.unicodeScalars.count, style: TextStyle())])
    let json = String(decoding: styled.jsonData(), as: UTF8.self)
    #expect(json.contains(#"\"quoted\" and back\\slashed"#))
    #expect(json.contains(#"a tab\there, a line\u2028separator, a paragraph\u2029separator"#))
    #expect(json.contains("separator \u{2014} and\\u0001so on"))
    let object = try JSONSerialization.jsonObject(with: styled.jsonData()) as? [String: Any]
    #expect(object?["text"] as? String == text)
  }

  @Test("JSON keys are sorted and default attributes are absent")
  func jsonKeys() {
    let styled = TestMarkup.styledText("<p>plain</p>")
    let json = String(decoding: styled.jsonData(), as: UTF8.self)
    #expect(
      json == """
        {"blocks":[
        {"alignment":"start","indent":0,"indentLevel":0,"kind":"paragraph","length":5,\
        "spacingAfter":16,"spacingBefore":16,"start":0}
        ],
        "runs":[
        {"attributes":{"fontSize":16,"fontWeight":400},"length":5,"start":0}
        ],
        "text":"plain"}

        """)
  }

  @Test("empty styled text converts to empty outputs")
  func empty() throws {
    let styled = TestMarkup.styledText("<p>  </p>")
    #expect(styled.string.isEmpty)
    #expect(styled.plainText.isEmpty)
    #expect(AttributedString(styled).characters.isEmpty)
    let object = try JSONSerialization.jsonObject(with: styled.jsonData()) as? [String: Any]
    #expect((object?["runs"] as? [Any])?.isEmpty == true)
  }

  @Test("runs set by hand are interned and merged; equal values compare equal")
  func handMadeRuns() {
    var bold = TextStyle()
    bold.fontWeight = 700
    let styled = StyledText(
      string: "abcd",
      runs: [
        .init(range: 0..<1, style: bold), .init(range: 1..<2, style: bold),
        .init(range: 2..<2, style: TextStyle()), .init(range: 2..<4, style: TextStyle()),
      ])
    #expect(
      styled.runs == [.init(range: 0..<2, style: bold), .init(range: 2..<4, style: TextStyle())])
    #expect(styled.uniqueStyles == [bold, TextStyle()])
    #expect(styled == StyledText(string: "abcd", runs: styled.runs))
  }
}
