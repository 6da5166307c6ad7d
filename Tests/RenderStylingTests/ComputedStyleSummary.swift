import RenderCore
import RenderStyling

/// One line per element: its path and the computed properties that differ from the initial
/// style, for goldens a reader can check by eye.
enum ComputedStyleSummary {
  static func lines(of document: Document, styles: CascadedStyles) -> [String] {
    var lines: [String] = []
    var paths: [Document.NodeID: String] = [document.root: ""]
    for (index, node) in document.nodes.enumerated()
    where node.kind == .element && index != document.root {
      let path = (paths[node.parent ?? document.root] ?? "") + "/" + node.name
      paths[index] = path
      lines.append("\(path): " + describe(styles[index]))
    }
    return lines
  }

  private static func describe(_ style: ComputedStyle) -> String {
    let initial = ComputedStyle()
    var parts: [String] = ["display \(style.display.rawValue)"]
    func number(_ value: Double) -> String {
      let rounded = (value * 100).rounded() / 100
      return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
    func edges(_ edges: ComputedStyle.Edges) -> String {
      [edges.top, edges.right, edges.bottom, edges.left].map(number).joined(separator: " ")
    }
    if let color = style.color { parts.append("color \(color.hex)") }
    if let background = style.backgroundColor {
      parts.append(
        "background \(background.hex)"
          + (background.alpha < 1 ? "/\(number(background.alpha))" : ""))
    }
    if style.fontSize != initial.fontSize { parts.append("size \(number(style.fontSize))") }
    if style.fontWeight != initial.fontWeight { parts.append("weight \(style.fontWeight)") }
    if style.italic { parts.append("italic") }
    if style.monospace { parts.append("monospace") }
    if style.underline { parts.append("underline") }
    if style.strikethrough { parts.append("line-through") }
    if style.whiteSpace != initial.whiteSpace {
      parts.append("white-space \(style.whiteSpace.rawValue)")
    }
    if style.textAlign != initial.textAlign { parts.append("align \(style.textAlign.rawValue)") }
    if style.margin != initial.margin { parts.append("margin \(edges(style.margin))") }
    if style.padding != initial.padding { parts.append("padding \(edges(style.padding))") }
    if style.listStyleType != initial.listStyleType {
      parts.append("list \(style.listStyleType.rawValue)")
    }
    if let lineHeight = style.lineHeight { parts.append("line-height \(number(lineHeight))") }
    if style.verticalAlign != initial.verticalAlign {
      parts.append("vertical \(style.verticalAlign.rawValue)")
    }
    return parts.joined(separator: ", ")
  }
}
