import RenderCore

/// Builds a ``Document`` from the shim's event stream (format in `CHTMLParser.h`), in one loop
/// with an explicit stack of open elements: no recursion, whatever the nesting.
enum DocumentBuilder {
  /// The document `events` describe; `nodeCount` (elements and text nodes) sizes it up front.
  static func build(from events: UnsafeRawBufferPointer, nodeCount: Int) -> Document {
    var document = Document()
    document.reserveCapacity(nodeCount + 1)
    var reader = EventReader(events: events)
    var names: [DocumentName] = []
    // Names of elements whose first newline HTML drops (`<pre>\ncode` starts with "code").
    var dropsLeadingNewline: [Bool] = []
    var open: [Document.NodeID] = [document.root]
    var openNames: [Int] = [-1]
    while let kind = reader.byte() {
      switch kind {
      case UInt8(ascii: "N"):
        let name = reader.string()
        names.append(document.intern(name.lowercased()))
        dropsLeadingNewline.append(name == "pre" || name == "textarea" || name == "listing")
      case UInt8(ascii: "S"):
        let name = reader.integer()
        let count = reader.integer()
        let element = document.appendElement(names[name], to: open[open.count - 1])
        for _ in 0..<count {
          let attributeName = names[reader.integer()]
          document.appendAttribute(attributeName, repairing: reader.bytes(), to: element)
        }
        open.append(element)
        openNames.append(name)
      case UInt8(ascii: "E"):
        _ = reader.integer()
        if open.count > 1 {
          open.removeLast()
          openNames.removeLast()
        }
      default:
        var text = reader.bytes()
        let parent = open[open.count - 1]
        if let name = openNames.last, name >= 0, dropsLeadingNewline[name],
          document.firstChild(of: parent) == nil, text.first == UInt8(ascii: "\n")
        {
          text = UnsafeBufferPointer(rebasing: text.dropFirst())
        }
        document.appendText(repairing: text, to: parent)
      }
    }
    return document
  }
}
