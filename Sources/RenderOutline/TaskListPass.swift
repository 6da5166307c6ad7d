import RenderCore

/// Marks task lists on a page as GitHub does, so that a stylesheet can drop their bullets: a
/// list item that starts with a checkbox gets the class `task-list-item`, its list
/// `contains-task-list`. Engines that write them already (md4c) keep theirs. Active only
/// when the render makes a page.
public struct TaskListPass: DocumentPass {
  /// `"task-lists"`.
  public let id = "task-lists"

  /// Creates the pass.
  public init() {}

  /// Whether the render makes a page.
  public func isActive(in context: DocumentPassContext) -> Bool { context.makesPage }

  /// Adds the classes the type's summary names.
  public func apply(to document: inout Document, in context: DocumentPassContext) {
    // Names are compared as numbers, over the records in document order: a page of prose
    // has no input, and this costs it one comparison per node.
    guard let input = document.names.number(of: "input") else { return }
    var items: [Document.NodeID] = []
    for id in 0..<document.nodeCount where document.nameID(of: id) == input {
      guard document.attribute("type", of: id)?.lowercased() == "checkbox",
        let item = document.parent(of: id), document.nameID(of: item) == .li,
        document.children(of: item).first(where: { !Self.isBlank($0, in: document) }) == id
      else { continue }
      items.append(item)
    }
    for item in items {
      Self.addClass("task-list-item", to: item, in: &document)
      if let list = document.parent(of: item) {
        Self.addClass("contains-task-list", to: list, in: &document)
      }
    }
  }

  private static func isBlank(_ node: Document.NodeID, in document: Document) -> Bool {
    document.kind(of: node) == .text && document.text(of: node).allSatisfy(\.isWhitespace)
  }

  private static func addClass(
    _ name: String, to node: Document.NodeID, in document: inout Document
  ) {
    let classes = document.attribute("class", of: node) ?? ""
    guard !classes.split(separator: " ").contains(Substring(name)) else { return }
    document.setAttribute("class", to: classes.isEmpty ? name : classes + " " + name, of: node)
  }
}
