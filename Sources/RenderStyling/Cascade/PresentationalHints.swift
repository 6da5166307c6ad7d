import RenderCore

/// HTML's presentational attributes as the declarations of its rendering section
/// (§15 "Rendering"): `<font color size face>`, `bgcolor`, `<body text>`, `align`. The cascade
/// applies them above the user-agent layer and below every author rule, as browsers do.
///
/// `width` and `height` are left out: styled text has no boxes for them to size.
enum PresentationalHints {
  /// The elements that can carry a hint; others are not inspected. All are HTML's, so
  /// their numbers are the same in every document.
  private static let elements: Set<DocumentName> = {
    var names = DocumentNameTable()
    return Set(
      [
        "font", "basefont", "body", "table", "tr", "td", "th", "thead", "tbody", "tfoot", "col",
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "legend",
      ].map { names.intern($0) })
  }()

  /// The hints of `node` as declaration text (`color: #f00; …`), or nil when it has none.
  static func css(for index: Document.NodeID, in document: Document) -> String? {
    guard elements.contains(document.nameID(of: index)) else { return nil }
    let name = document.name(of: index)
    var declarations: [String] = []
    for attribute in document.attributeRecords(of: index) {
      let value = document.value(of: attribute).trimmingASCIIWhitespace
      guard !value.isEmpty, isSafe(value) else { continue }
      switch (name, document.names[attribute.name]) {
      case ("font", "color"), ("body", "text"):
        declarations.append("color: \(legacyColor(value))")
      case ("font", "face"):
        declarations.append("font-family: \(value)")
      case ("font", "size"):
        if let keyword = fontSizeKeyword(value) { declarations.append("font-size: \(keyword)") }
      case (_, "bgcolor") where name != "font":
        declarations.append("background-color: \(legacyColor(value))")
      case (_, "align") where name != "font" && name != "body":
        let alignment = value.lowercased()
        if ["left", "right", "center", "justify"].contains(alignment) {
          declarations.append("text-align: \(alignment)")
        } else if alignment == "middle" {
          declarations.append("text-align: center")
        }
      default: continue
      }
    }
    return declarations.isEmpty ? nil : declarations.joined(separator: "; ")
  }

  /// Attribute text never closes the declaration it is put in.
  private static func isSafe(_ value: String) -> Bool {
    !value.utf8.contains {
      $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}")
    }
  }

  /// `ff0000` as `#ff0000`: HTML's legacy colour parsing accepts bare hex digits.
  private static func legacyColor(_ value: String) -> String {
    let isHex = value.utf8.allSatisfy {
      ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66)
    }
    return isHex && (value.utf8.count == 3 || value.utf8.count == 6) ? "#" + value : value
  }

  /// HTML's "rules for parsing a legacy font size": `n`, `+n` or `-n` (relative to 3), clamped
  /// to 1…7, then the keyword for that step.
  private static func fontSizeKeyword(_ value: String) -> String? {
    var digits = Substring(value)
    var sign: Character?
    if let first = digits.first, first == "+" || first == "-" {
      sign = first
      digits = digits.dropFirst()
    }
    let number = digits.prefix { $0.isASCII && $0.isNumber }
    guard let parsed = Int(number.prefix(3)) else { return nil }
    let step = sign == "+" ? 3 + parsed : sign == "-" ? 3 - parsed : parsed
    let keywords = ["x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"]
    return keywords[min(max(step, 1), 7) - 1]
  }
}

extension String {
  fileprivate var trimmingASCIIWhitespace: String {
    let isSpace = { (byte: UInt8) in byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
    let bytes = Array(utf8)
    guard let start = bytes.firstIndex(where: { !isSpace($0) }),
      let end = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(decoding: bytes[start...end], as: UTF8.self)
  }
}
