import Foundation
import RenderCore
import RenderText

/// Builds a ``Document`` from a tiny HTML-like notation, so tests read like the markup they
/// stand for: `<p>Hello <b>world</b></p>`. Not an HTML parser: no implied tags, no error
/// recovery beyond closing up to the named element; attributes are `name="value"` or bare;
/// `&lt; &gt; &amp; &quot; &nbsp;` are decoded; `br`, `hr`, `img`, `wbr` are void.
enum TestMarkup {
  static func document(_ markup: String) -> Document {
    var document = Document()
    var open: [(name: String, node: Document.NodeID)] = [("#document", document.root)]
    var rest = Substring(markup)
    while !rest.isEmpty {
      guard let tagStart = rest.firstIndex(of: "<") else {
        document.appendText(decode(rest), to: open[open.count - 1].node)
        break
      }
      if tagStart > rest.startIndex {
        document.appendText(decode(rest[rest.startIndex..<tagStart]), to: open[open.count - 1].node)
      }
      guard let tagEnd = rest[tagStart...].firstIndex(of: ">") else {
        document.appendText(decode(rest[tagStart...]), to: open[open.count - 1].node)
        break
      }
      let tag = rest[rest.index(after: tagStart)..<tagEnd]
      rest = rest[rest.index(after: tagEnd)...]
      if tag.hasPrefix("/") {
        let name = tag.dropFirst().lowercased()
        if let index = open.lastIndex(where: { $0.name == name }), index > 0 {
          open.removeSubrange(index...)
        }
        continue
      }
      let selfClosing = tag.hasSuffix("/")
      let (name, attributes) = parseTag(selfClosing ? tag.dropLast() : tag)
      let node = document.appendElement(name, attributes: attributes, to: open[open.count - 1].node)
      if !selfClosing && !["br", "hr", "img", "wbr"].contains(name) {
        open.append((name, node))
      }
    }
    return document
  }

  private static func parseTag(_ tag: Substring) -> (String, [DocumentNode.Attribute]) {
    var rest = tag
    let name = rest.prefix { !$0.isWhitespace }.lowercased()
    rest = rest.dropFirst(name.count)
    var attributes: [DocumentNode.Attribute] = []
    while true {
      rest = rest.drop { $0.isWhitespace }
      guard !rest.isEmpty else { break }
      let attributeName = rest.prefix { !$0.isWhitespace && $0 != "=" }
      rest = rest.dropFirst(attributeName.count)
      var value = ""
      if rest.first == "=" {
        rest = rest.dropFirst()
        if rest.first == "\"" {
          rest = rest.dropFirst()
          let quoted = rest.prefix { $0 != "\"" }
          value = decode(quoted)
          rest = rest.dropFirst(quoted.count + 1)
        } else {
          let bare = rest.prefix { !$0.isWhitespace }
          value = decode(bare)
          rest = rest.dropFirst(bare.count)
        }
      }
      attributes.append(DocumentNode.Attribute(name: String(attributeName), value: value))
    }
    return (name, attributes)
  }

  private static func decode(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    return text.replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

extension TestMarkup {
  /// Lays out `markup` with the test cascade.
  static func styledText(_ markup: String) -> StyledText {
    let document = document(markup)
    return StyledText(document: document, styles: TestCascade.styles(for: document))
  }
}

extension StyledText {
  /// The text of a scalar range.
  func text(_ range: Range<Int>) -> String {
    let scalars = string.unicodeScalars
    let start = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
    return String(scalars[start..<scalars.index(start, offsetBy: range.count)])
  }

  /// Each block's text, in one pass over the string.
  var blockTexts: [String] {
    let scalars = string.unicodeScalars
    var index = scalars.startIndex
    var position = 0
    return blocks.map { block in
      index = scalars.index(index, offsetBy: block.range.lowerBound - position)
      let end = scalars.index(index, offsetBy: block.range.count)
      position = block.range.upperBound
      defer { index = end }
      return String(scalars[index..<end])
    }
  }

  /// The runs whose text is `fragment`, exactly.
  func runs(covering fragment: String) -> [Run] {
    runs.filter { text($0.range) == fragment }
  }

  /// The style of the scalar at the first occurrence of `fragment`.
  func style(at fragment: String) -> TextStyle? {
    guard let found = string.range(of: fragment) else { return nil }
    let offset = string.unicodeScalars.distance(from: string.startIndex, to: found.lowerBound)
    return runs.first { $0.range.contains(offset) }?.style
  }
}
