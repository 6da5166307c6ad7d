import Foundation

/// Checks HTML that an engine generated in safe mode, tag by tag as a browser tokenizes it,
/// for engines whose library copies text into tags unescaped (Discount does, in code-block
/// classes and in text that looks like an attribute).
///
/// It follows the HTML tokenizer's tag states exactly (names end at whitespace, `/` or `>`;
/// `a="x"b="y"` is two attributes; a quoted value ends only at its own quote), so it sees the
/// tags a browser sees, not the bytes that look like them. Then:
/// - a tag whose element is not in Markdown's vocabulary, markup declarations (`<!`), processing
///   instructions (`<?`), bogus end tags and a tag cut off by the end of the input lose their
///   `<` to `&lt;`: they show as the text they are;
/// - an attribute outside the element's vocabulary (every `on…` handler among them) is dropped,
///   and so is a `style` other than the `text-align` engines write;
/// - a URL attribute that ``URLSafety`` calls dangerous is emptied, as cmark empties it.
///
/// Because the tokenizer never leaves the data state except inside a tag it accepted, and the
/// vocabulary has no raw-text element (`script`, `style`, `textarea`, `title`…), what a browser
/// parses from the output is exactly the tags checked here.
package enum GeneratedHTMLChecker {
  /// The checked form of `html`, or nil when it needs no change (the common case, which
  /// allocates nothing).
  package static func checked(_ html: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard let base = html.baseAddress else { return nil }
    var output: [UInt8]?
    var copiedUpTo = 0
    var index = 0
    var reader = TagReader(bytes: html)
    while index < html.count,
      let found = memchr(base + index, Int32(UInt8(ascii: "<")), html.count - index)
    {
      let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      let tag = reader.tag(at: start)
      let replacement: [UInt8]?
      if let tag, let element = elements.index(of: tag.name) {
        replacement =
          tag.isEnd || needsNoChange(reader.attributes, in: html, allowing: element)
          ? nil : checkedStartTag(tag, reader.attributes, in: html, allowing: element)
        index = tag.end
        if replacement == nil {
          continue
        }
      } else {
        replacement = Array("&lt;".utf8)
        index = start + 1
      }
      if output == nil {
        output = []
        output!.reserveCapacity(html.count + 64)
      }
      output!.append(contentsOf: html[copiedUpTo..<start])
      output!.append(contentsOf: replacement!)
      copiedUpTo = index
    }
    guard var output else { return nil }
    output.append(contentsOf: html[copiedUpTo...])
    return output
  }

  /// Whether every attribute is allowed, given once, and safe: the common case, checked
  /// without allocating.
  private static func needsNoChange(
    _ attributes: [TagReader.Attribute], in html: UnsafeBufferPointer<UInt8>,
    allowing element: Int
  ) -> Bool {
    for (position, attribute) in attributes.enumerated() {
      guard isAllowed(attribute.name, on: element),
        !attributes[..<position].contains(where: { $0.name == attribute.name })
      else { return false }
      if attribute.name == styleAttribute || urlAttributes.contains(attribute.name),
        !isSafe(attribute, in: html)
      {
        return false
      }
    }
    return true
  }

  /// Whether a `style` is one engines write and a URL passes the one rule.
  private static func isSafe(
    _ attribute: TagReader.Attribute, in html: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let value = String(
      decoding: UnsafeBufferPointer(rebasing: html[attribute.value]), as: UTF8.self)
    if attribute.name == styleAttribute { return alignments.contains(value) }
    return !URLSafety.isDangerous(attributeText: value)
  }

  /// The start tag written again without what it may not carry; nil when it is fine as it is.
  private static func checkedStartTag(
    _ tag: TagReader.Tag, _ attributes: [TagReader.Attribute],
    in html: UnsafeBufferPointer<UInt8>, allowing element: Int
  ) -> [UInt8]? {
    var kept: [TagReader.Attribute] = []
    var changed = false
    var seen: Set<TagName> = []
    for attribute in attributes {
      guard seen.insert(attribute.name).inserted, isAllowed(attribute.name, on: element) else {
        changed = true
        continue
      }
      var attribute = attribute
      let value = {
        String(decoding: UnsafeBufferPointer(rebasing: html[attribute.value]), as: UTF8.self)
      }
      if attribute.name == styleAttribute, !alignments.contains(value()) {
        changed = true
        continue
      }
      if urlAttributes.contains(attribute.name), URLSafety.isDangerous(attributeText: value()) {
        attribute.value = attribute.value.lowerBound..<attribute.value.lowerBound
        changed = true
      }
      kept.append(attribute)
    }
    guard changed else { return nil }
    var written = Array("<".utf8) + html[tag.nameRange]
    for attribute in kept {
      written += [UInt8(ascii: " ")] + html[attribute.nameRange] + Array("=\"".utf8)
      for byte in html[attribute.value] {
        if byte == UInt8(ascii: "\"") {
          written += Array("&quot;".utf8)
        } else {
          written.append(byte)
        }
      }
      written.append(UInt8(ascii: "\""))
    }
    written += Array((tag.isSelfClosing ? " />" : ">").utf8)
    return written
  }

  /// Whether `attribute` may be on the element at `element` in ``elements``: one of its own
  /// or a global one.
  private static func isAllowed(_ attribute: TagName, on element: Int) -> Bool {
    elementAttributes[element].contains(attribute) || globalAttributes.contains(attribute)
  }

  /// The elements Markdown engines generate, each with the attributes it may carry beyond the
  /// global ones. No raw-text or script-capable element is among them.
  private static let vocabulary: [(element: String, attributes: [String])] = [
    ("a", ["href", "rel", "rev", "name"]), ("img", ["src", "alt", "width", "height"]),
    ("blockquote", ["cite"]), ("q", ["cite"]), ("del", ["cite", "datetime"]),
    ("ins", ["cite", "datetime"]), ("ol", ["start", "type", "reversed"]), ("li", ["value"]),
    ("th", ["style", "align", "colspan", "rowspan"]),
    ("td", ["style", "align", "colspan", "rowspan"]),
    ("p", ["style", "align"]), ("div", ["style", "align"]), ("span", []), ("abbr", []),
    ("b", []), ("br", []), ("caption", []), ("cite", []), ("code", []), ("dd", []),
    ("dfn", []), ("dl", []), ("dt", []), ("em", []), ("h1", []), ("h2", []), ("h3", []),
    ("h4", []), ("h5", []), ("h6", []), ("hr", []), ("i", []), ("kbd", []), ("mark", []),
    ("pre", []), ("s", []), ("samp", []), ("section", []), ("small", []), ("strike", []),
    ("strong", []), ("sub", []), ("sup", []), ("table", []), ("tbody", []), ("tfoot", []),
    ("thead", []), ("tr", []), ("tt", []), ("u", []), ("ul", []), ("var", []),
  ]
  /// The vocabulary's elements, each found as its position in it.
  private static let elements = TagNameTable(vocabulary.map { TagName($0.element) })
  /// Each element's own attributes, by the element's position.
  private static let elementAttributes = vocabulary.map {
    TagNameTable($0.attributes.map(TagName.init))
  }
  private static let globalAttributes = TagNameTable(
    ["class", "id", "title", "lang", "dir"].map(TagName.init))
  private static let urlAttributes = TagNameTable(["href", "src", "cite"].map(TagName.init))
  private static let styleAttribute = TagName("style")
  /// The only `style` values engines write (Discount's table and paragraph alignment).
  private static let alignments: Set<String> = Set(
    ["left", "right", "center", "justify"].flatMap { ["text-align:\($0);", "text-align: \($0)"] })
}
