import Foundation
import RenderCore
import RenderStyling

/// A stand-in for the real cascade in unit tests: a user-agent stylesheet by tag name (what
/// browsers do unstyled), inheritance, the `type` hint of lists and a few inline `style`
/// properties. It lets these tests pin the layout rules without depending on the CSS engine.
enum TestCascade {
  static func styles(for document: Document) -> CascadedStyles {
    var unique: [ComputedStyle] = []
    var indices: [ComputedStyle: Int32] = [:]
    var perNode: [Int32] = []
    var listDepth: [Int] = []
    perNode.reserveCapacity(document.nodes.count)
    for id in document.nodes.indices {
      let node = document.nodes[id]
      let parentIndex = node.parent.map { perNode[$0] }
      let parentDepth = node.parent.map { listDepth[$0] } ?? 0
      if node.kind == .text {
        perNode.append(parentIndex ?? 0)
        listDepth.append(parentDepth)
        continue
      }
      var style = inherited(from: parentIndex.map { unique[Int($0)] })
      applyUserAgentRules(to: &style, name: node.name, listDepth: parentDepth)
      if let type = node.attribute("type"), node.name == "ol" || node.name == "li" {
        style.listStyleType = listType(attribute: type) ?? style.listStyleType
      }
      if let inline = node.attribute("style") { applyInline(inline, to: &style) }
      let isList = node.name == "ul" || node.name == "ol"
      listDepth.append(parentDepth + (isList ? 1 : 0))
      if let known = indices[style] {
        perNode.append(known)
      } else {
        let index = Int32(unique.count)
        unique.append(style)
        indices[style] = index
        perNode.append(index)
      }
    }
    return CascadedStyles(uniqueStyles: unique, styleIndices: perNode)
  }

  private static func inherited(from parent: ComputedStyle?) -> ComputedStyle {
    var style = ComputedStyle()
    guard let parent else { return style }
    style.color = parent.color
    style.fontFamily = parent.fontFamily
    style.fontSize = parent.fontSize
    style.fontWeight = parent.fontWeight
    style.italic = parent.italic
    style.monospace = parent.monospace
    style.underline = parent.underline
    style.strikethrough = parent.strikethrough
    style.textAlign = parent.textAlign
    style.whiteSpace = parent.whiteSpace
    style.listStyleType = parent.listStyleType
    style.lineHeight = parent.lineHeight
    return style
  }

  private static let headingSizes: [String: (size: Double, margin: Double)] = [
    "h1": (32, 21.44), "h2": (24, 19.92), "h3": (18.72, 18.72),
    "h4": (16, 21.28), "h5": (13.28, 22.18), "h6": (10.72, 24.97),
  ]

  private static func applyUserAgentRules(
    to style: inout ComputedStyle, name: String, listDepth: Int
  ) {
    switch name {
    case "#document", "html", "body", "div", "section", "article", "header", "footer", "nav",
      "main", "aside", "figure", "figcaption", "address", "dl", "dt", "caption", "center",
      "thead", "tbody", "tfoot":
      style.display = .block
    case "p":
      style.display = .block
      style.margin = .init(top: 16, bottom: 16)
    case "dd":
      style.display = .block
      style.margin.left = 40
    case "blockquote":
      style.display = .block
      style.margin = .init(top: 16, right: 40, bottom: 16, left: 40)
    case "pre":
      style.display = .block
      style.margin = .init(top: 13, bottom: 13)
      style.whiteSpace = .pre
      monospace(&style)
    case "ul", "ol":
      style.display = .block
      style.margin = listDepth == 0 ? .init(top: 16, bottom: 16) : .init()
      style.padding.left = 40
      if name == "ol" {
        style.listStyleType = .decimal
      } else {
        style.listStyleType = [.disc, .circle, .square][min(listDepth, 2)]
      }
    case "li": style.display = .listItem
    case "table": style.display = .table
    case "tr": style.display = .tableRow
    case "td": style.display = .tableCell
    case "th":
      style.display = .tableCell
      style.fontWeight = 700
      style.textAlign = .center
    case "hr":
      style.display = .block
      style.margin = .init(top: 8, bottom: 8)
      style.color = CSSColor(red: 128, green: 128, blue: 128)
    case "h1", "h2", "h3", "h4", "h5", "h6":
      let heading = headingSizes[name]!
      style.display = .block
      style.fontSize = heading.size
      style.fontWeight = 700
      style.margin = .init(top: heading.margin, bottom: heading.margin)
    case "b", "strong": style.fontWeight = 700
    case "i", "em", "cite", "var", "dfn": style.italic = true
    case "code", "kbd", "samp", "tt": monospace(&style)
    case "a":
      style.color = CSSColor(red: 0, green: 0, blue: 238)
      style.underline = true
    case "u", "ins": style.underline = true
    case "s", "del", "strike": style.strikethrough = true
    case "sub", "sup":
      style.verticalAlign = name == "sub" ? .sub : .super
      style.fontSize = (style.fontSize * 0.83 * 100).rounded() / 100
    case "mark": style.backgroundColor = CSSColor(red: 255, green: 255, blue: 0)
    case "head", "script", "style", "title", "template", "meta": style.display = .none
    default: break
    }
  }

  private static func monospace(_ style: inout ComputedStyle) {
    style.fontFamily = ["monospace"]
    style.monospace = true
    style.fontSize = 13
  }

  private static func listType(attribute: String) -> ComputedStyle.ListStyleType? {
    switch attribute {
    case "1": .decimal
    case "a": .lowerAlpha
    case "A": .upperAlpha
    case "i": .lowerRoman
    case "I": .upperRoman
    default: nil
    }
  }

  private static func applyInline(_ declarations: String, to style: inout ComputedStyle) {
    for declaration in declarations.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2 else { continue }
      let value = parts[1]
      switch parts[0] {
      case "display":
        style.display =
          value == "list-item"
          ? .listItem
          : value == "table-row"
            ? .tableRow
            : value == "table-cell"
              ? .tableCell
              : ComputedStyle.Display(rawValue: value) ?? style.display
      case "white-space":
        style.whiteSpace = ComputedStyle.WhiteSpace(rawValue: value) ?? style.whiteSpace
      case "text-align":
        style.textAlign = ComputedStyle.TextAlignment(rawValue: value) ?? style.textAlign
      case "list-style-type":
        style.listStyleType = ComputedStyle.ListStyleType(rawValue: value) ?? style.listStyleType
      case "margin-left": style.margin.left = pixels(value)
      case "margin-top": style.margin.top = pixels(value)
      case "margin-bottom": style.margin.bottom = pixels(value)
      case "padding-left": style.padding.left = pixels(value)
      case "font-size": style.fontSize = pixels(value)
      case "font-weight": style.fontWeight = Int(value) ?? style.fontWeight
      case "font-family":
        style.fontFamily = value.split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      case "color": style.color = color(value)
      case "background-color": style.backgroundColor = color(value)
      case "vertical-align":
        style.verticalAlign = ComputedStyle.VerticalAlign(rawValue: value) ?? style.verticalAlign
      default: break
      }
    }
  }

  private static func pixels(_ value: String) -> Double {
    Double(value.hasSuffix("px") ? String(value.dropLast(2)) : value) ?? 0
  }

  private static func color(_ value: String) -> CSSColor? {
    if value == "transparent" { return CSSColor(red: 0, green: 0, blue: 0, alpha: 0) }
    guard value.hasPrefix("#"), value.count == 7, let rgb = UInt32(value.dropFirst(), radix: 16)
    else { return nil }
    return CSSColor(red: UInt8(rgb >> 16), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
  }
}
